import {
  EMPTY_METHOD,
  regionsOf,
  shippingMethodBody,
  shippingMethodErrors,
  shippingMethodValues,
} from "../shippingMethodForm";

const typed = (overrides = {}) => ({ ...EMPTY_METHOD, name: "Express", price: "19.99", ...overrides });

describe("the shipping method form", () => {
  test.each([
    ["a name and a price", {}, {}],
    ["no name", { name: "  " }, { name: "Name the method, as Standard or Express." }],
    ["a price in words", { price: "ten" }, { price: "A price in dollars, as 7.99 (0 for free)." }],
    ["three decimals", { price: "7.999" }, { price: "A price in dollars, as 7.99 (0 for free)." }],
    [
      "a free-from amount in words",
      { freeAbove: "lots" },
      { freeAbove: "An amount in dollars, as 150, or empty for never." },
    ],
    [
      "a state without its country",
      { regions: "US, CA-X1" },
      { regions: "CA-X1 is not a region: a country as US or DE, or a US state as US-CA." },
    ],
  ])("%s", (_, overrides, errors) => {
    expect(shippingMethodErrors(typed(overrides))).toEqual(errors);
  });

  test("sends cents and a list of regions, and shows a method back in dollars", () => {
    const body = shippingMethodBody(
      typed({ estimate: " 1 to 2 business days ", freeAbove: "150", regions: "us, us-ca, , DE" }),
    );
    expect(body).toEqual({
      name: "Express",
      price: 1999,
      estimate: "1 to 2 business days",
      freeAbove: 15000,
      regions: ["US", "US-CA", "DE"],
      active: true,
    });
    expect(shippingMethodValues({ id: 2, position: 0, ...body, price: 123456 })).toEqual({
      name: "Express",
      price: "1234.56",
      estimate: "1 to 2 business days",
      freeAbove: "150.00",
      regions: "US, US-CA, DE",
      active: true,
    });
    expect(shippingMethodBody(typed()).freeAbove).toBeNull();
    expect(regionsOf(" ")).toEqual([]);
  });
});
