// Which pairs of an order its buyer may still send back (issue 31): the pairs of each line not
// refunded and not in a return already. The server checks again (and the window).
export function returnablePairs(order) {
  const inReturns = {};
  let refundedByReturns = {};
  for (const request of order.returns ?? []) {
    for (const { line, quantity } of request.pairs) {
      inReturns[line] = (inReturns[line] ?? 0) + quantity;
      if (request.status === "Refunded") {
        refundedByReturns = { ...refundedByReturns, [line]: (refundedByReturns[line] ?? 0) + quantity };
      }
    }
  }
  return Object.fromEntries(
    order.shoe.map((line) => {
      const refundedOtherwise = (line.refunded ?? 0) - (refundedByReturns[line.line] ?? 0);
      return [line.line, Math.max(line.quantity - refundedOtherwise - (inReturns[line.line] ?? 0), 0)];
    }),
  );
}

export const canAskReturn = (order) =>
  (order.status === "Shipped" || order.status === "Received") &&
  Object.values(returnablePairs(order)).some((left) => left > 0);
