import { canAskReturn, returnablePairs } from "../returns";

const order = (extra) => ({
  status: "Shipped",
  shoe: [
    { line: 1, quantity: 2, refunded: 0 },
    { line: 2, quantity: 1, refunded: 1 },
  ],
  returns: [],
  ...extra,
});

describe("returnable pairs", () => {
  test.each([
    ["nothing returned", order(), { 1: 2, 2: 0 }],
    [
      "a pair in a return",
      order({ returns: [{ status: "Requested", pairs: [{ line: 1, quantity: 1 }] }] }),
      { 1: 1, 2: 0 },
    ],
    [
      "a refunded return counts once",
      order({
        shoe: [{ line: 1, quantity: 2, refunded: 1 }],
        returns: [{ status: "Refunded", pairs: [{ line: 1, quantity: 1 }] }],
      }),
      { 1: 1 },
    ],
  ])("%s", (_, given, expected) => {
    expect(returnablePairs(given)).toEqual(expected);
  });

  test("only shipped or received orders with pairs left", () => {
    expect(canAskReturn(order())).toBe(true);
    expect(canAskReturn(order({ status: "Pending" }))).toBe(false);
    expect(canAskReturn(order({ shoe: [{ line: 1, quantity: 1, refunded: 1 }] }))).toBe(false);
  });
});
