// The order screens' texts (docs/PRODUCT.md §2 'Order detail', /account's My Orders).

export const BACK_ACCOUNT = "Back Account";
export const BACK_HOME = "Back Home";
export const SOME_PROBLEM = "Some Problem?";
export const NO_ORDERS = "No orders yet.";
export const orderNotFound = (idPayment) =>
  `We found no order with the payment id ${idPayment}. If you paid for it, tell us through the contact page.`;

// Returns and exchanges (issue 31).
export const RETURN_TITLE = "Return or exchange";
export const RETURN_REASONS = Object.freeze({
  too_small: "Too small",
  too_big: "Too big",
  defect: "Defect",
  other: "Other",
});
export const ASK_RETURN = "Ask for the return";
export const RETURN_ASKED = "We have your return request; we mailed you what comes next.";
export const REFUND_INSTEAD = "A refund";
