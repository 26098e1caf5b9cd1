import { ENTRY_FAILED, entryBody, entryNews, entryRefusal, entrySizes } from "../entry";

const release = {
  shoes: [
    {
      _id: 7,
      sizes: [
        { id: 70, size: "9", pairs: 3 },
        { id: 71, size: "10", pairs: 2 },
      ],
    },
    { _id: 8, sizes: [{ id: 80, size: "11", pairs: 1 }] },
  ],
};
const billing = {
  name: "Ana Runner",
  address: { state: "Jalisco", city: "Guadalajara", line1: "Calle 5-B", postal_code: "44100" },
};

describe("a draw's entry", () => {
  it("offers the release's sizes of this shoe only", () => {
    expect(entrySizes(release, "7")).toEqual([
      { id: 70, size: "9" },
      { id: 71, size: "10" },
    ]);
    expect(entrySizes(release, 9)).toEqual([]);
    expect(entrySizes(undefined, 7)).toEqual([]);
  });

  it("sends the size's id, the payment method and the shipping address; the token only when there is one", () => {
    expect(entryBody({ size: "70", methodId: "pm_card_visa", billing })).toEqual({
      size: 70,
      id: "pm_card_visa",
      address: {
        name: "Ana Runner",
        state: "Jalisco",
        city: "Guadalajara",
        line1: "Calle 5-B",
        postalCode: "44100",
      },
    });
    expect(
      entryBody({ size: "70", methodId: "pm_card_visa", billing, turnstileToken: "t0k" }).turnstileToken,
    ).toBe("t0k");
  });

  it("tells a refusal by its first field's message, nested ones too, else its message", () => {
    expect(entryRefusal({ fields: { address: { line1: ["enter the line 1 correctly"] } } })).toBe(
      "enter the line 1 correctly",
    );
    expect(entryRefusal({ fields: { size: ["Choose a size."] }, message: "x" })).toBe("Choose a size.");
    expect(entryRefusal({ fields: {}, message: "You have entered this draw already; good luck!" })).toBe(
      "You have entered this draw already; good luck!",
    );
    expect(entryRefusal(undefined)).toBe(ENTRY_FAILED);
  });

  it("shows an entry's news, and none for no entry or one the shopper may make again", () => {
    expect(entryNews({ status: "entered", size: "9" })).toMatch(/^You are in the draw, size 9\./);
    expect(entryNews({ status: "won", size: "9", order: "pi_1" })).toBe(
      "You won this draw, size 9: your order is pi_1.",
    );
    expect(entryNews({ status: "lost" })).toBe("The draw has run: not this time.");
    expect(entryNews({ status: "expired" })).toMatch(/cancelled/);
    expect(entryNews(null)).toBeNull();
    expect(entryNews({ status: "declined" })).toBeNull();
    expect(entryNews({ status: "authorising" })).toBeNull();
  });
});
