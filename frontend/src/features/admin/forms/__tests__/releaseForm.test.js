import {
  EMPTY_RELEASE,
  localInput,
  parseSizes,
  releaseBody,
  releaseErrors,
  releaseValues,
  sizesRefusal,
} from "../releaseForm";

const valid = {
  ...EMPTY_RELEASE,
  name: "Lost and Found",
  announceAt: "2026-03-01T10:00",
  opensAt: "2026-03-02T10:00",
  sizes: "9: 20, 10.5: 30",
};

describe("the dashboard's release form", () => {
  it("reads sizes as 'size: pairs' separated by commas", () => {
    expect(parseSizes("9: 20, 10.5:30")).toEqual([
      { size: "9", pairs: 20 },
      { size: "10.5", pairs: 30 },
    ]);
    expect(parseSizes("")).toBeNull();
    expect(parseSizes("9 20")).toBeNull();
    expect(parseSizes("nine: 20")).toBeNull();
  });

  it("takes a valid release", () => {
    expect(releaseErrors(valid)).toEqual({});
  });

  it("names each field's mistake as the server does", () => {
    expect(releaseErrors({ ...valid, name: "" }).name).toBe("Enter a valid name");
    expect(releaseErrors({ ...valid, name: "Lost & Found!" }).name).toBe(
      "The name can only contain letters, numbers and spaces",
    );
    expect(releaseErrors({ ...valid, opensAt: "" }).opensAt).toBe("Enter a valid date");
    expect(releaseErrors({ ...valid, announceAt: "2026-03-03T10:00" }).announceAt).toBe(
      "Announce it before it opens",
    );
    expect(releaseErrors({ ...valid, closesAt: "2026-03-02T10:00" }).closesAt).toBe(
      "It must close after it opens",
    );
    expect(releaseErrors({ ...valid, kind: "draw" }).closesAt).toBe(
      "A draw needs the time its entries close",
    );
    expect(releaseErrors({ ...valid, perPersonLimit: "x" }).perPersonLimit).toBe("Only numbers");
    expect(releaseErrors({ ...valid, perPersonLimit: "0" }).perPersonLimit).toBe("At least 1 pair");
    expect(releaseErrors({ ...valid, perPersonLimit: "11" }).perPersonLimit).toBe("At most 10 pairs");
    expect(releaseErrors({ ...valid, minAccountAgeDays: "-1" }).minAccountAgeDays).toBe("Only numbers");
    expect(releaseErrors({ ...valid, sizes: "9: 0" }).sizes).toBe("Enter a valid quantity");
    expect(releaseErrors({ ...valid, sizes: "9: 2, 9: 3" }).sizes).toBe("Each shoe and size once");
  });

  it("sends UTC instants, numbers and the shoe's sizes", () => {
    const body = releaseBody({ ...valid, requireVerifiedEmail: "yes" }, 7);
    expect(body).toMatchObject({
      name: "Lost and Found",
      kind: "first_come",
      closesAt: null,
      perPersonLimit: 1,
      minAccountAgeDays: 0,
      requireVerifiedEmail: true,
      sizes: [
        { shoe: 7, size: "9", pairs: 20 },
        { shoe: 7, size: "10.5", pairs: 30 },
      ],
    });
    expect(body.opensAt).toBe(new Date("2026-03-02T10:00").toISOString());
  });

  it("shows a release from the server in the form, times in the device's zone", () => {
    expect(localInput("2026-03-02T10:00:00Z", 0)).toBe("2026-03-02T10:00");
    expect(localInput("2026-03-02T10:00:00Z", 60)).toBe("2026-03-02T09:00");
    const values = releaseValues({
      name: "Lost and Found",
      kind: "draw",
      announceAt: "2026-03-01T10:00:00Z",
      opensAt: "2026-03-02T10:00:00Z",
      closesAt: null,
      perPersonLimit: 2,
      minAccountAgeDays: 30,
      requireVerifiedEmail: true,
      shoes: [{ _id: 7, sizes: [{ id: 1, size: "9", pairs: 20 }] }],
    });
    expect(values).toMatchObject({
      closesAt: "",
      perPersonLimit: "2",
      minAccountAgeDays: "30",
      sizes: "9: 20",
    });
    expect(values.requireVerifiedEmail).toBe("yes");
  });

  it("turns the server's refusal of one size in the list into the field's message", () => {
    const answer = {
      error: { fields: { sizes: [{}, { size: ["The size must be from 1 to 20, in half sizes"] }] } },
    };
    expect(sizesRefusal(answer).error.fields.sizes).toEqual(["The size must be from 1 to 20, in half sizes"]);
    const plain = { error: { fields: { sizes: ["Add at least one size"] } } };
    expect(sizesRefusal(plain)).toBe(plain);
    expect(sizesRefusal({ data: {} })).toEqual({ data: {} });
  });
});
