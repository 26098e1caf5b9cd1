import { breakdownRows, orderBreakdown, quoteBreakdown } from "../breakdown";

const rows = (parts) => breakdownRows(parts).map(({ term, value }) => [term, value]);

describe("a price breakdown's rows", () => {
  test.each([
    [
      "a code, a paid method and tax on top",
      {
        subtotal: 25998,
        discount: 2600,
        code: "WELCOME10",
        shipping: 1999,
        shippingMethod: { name: "Express", estimate: "1-2 business days" },
        tax: 1696,
        taxIncluded: false,
        total: 27093,
      },
      [
        ["Subtotal", "$259.98"],
        ["Discount (WELCOME10)", "-$26.00"],
        ["Shipping (Express, 1-2 business days)", "$19.99"],
        ["Tax", "$16.96"],
        ["Total", "$270.93"],
      ],
    ],
    [
      "free shipping, no code, tax included in the prices",
      {
        subtotal: 16000,
        discount: 0,
        code: null,
        shipping: 0,
        shippingMethod: { name: "Standard", estimate: "" },
        tax: 2555,
        taxIncluded: true,
        total: 16000,
      },
      [
        ["Subtotal", "$160.00"],
        ["Shipping (Standard)", "Free"],
        ["Tax included", "$25.55"],
        ["Total", "$160.00"],
      ],
    ],
    [
      "an order of before pricing: its amount alone",
      orderBreakdown({ amount: 12999 }),
      [
        ["Subtotal", "$129.99"],
        ["Total", "$129.99"],
      ],
    ],
  ])("%s", (_, parts, expected) => {
    expect(rows(parts)).toEqual(expected);
  });

  test("a quote names the method it chose, and a code only once it applied", () => {
    const quote = {
      amount: 10798,
      subtotal: 9999,
      discount: 0,
      shipping: 799,
      tax: 0,
      taxIncluded: false,
      total: 10798,
      code: { code: "OLD", applied: false, message: "This code has expired." },
      shippingMethods: [
        { id: 1, name: "Standard", price: 799, estimate: "3-5 business days", freeAbove: 15000 },
        { id: 2, name: "Express", price: 1999, estimate: "1-2 business days", freeAbove: null },
      ],
      shippingMethod: 1,
    };
    expect(quoteBreakdown(quote)).toMatchObject({
      code: null,
      shippingMethod: { name: "Standard", estimate: "3-5 business days" },
      total: 10798,
    });
  });
});
