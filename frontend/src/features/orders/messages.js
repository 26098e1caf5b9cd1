// The order screens' texts (docs/PRODUCT.md §2 'Order detail', /account's My Orders).

export const BACK_ACCOUNT = "Back Account";
export const BACK_HOME = "Back Home";
export const SOME_PROBLEM = "Some Problem?";
export const NO_ORDERS = "No orders yet.";
export const orderNotFound = (idPayment) =>
  `We found no order with the payment id ${idPayment}. If you paid for it, tell us through the contact page.`;
