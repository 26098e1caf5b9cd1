// The cart screen's texts (docs/PRODUCT.md §2 'Cart screen').

export const CART_TITLE = "CART";
export const CLEAR_CART = "Clear Cart";
export const CONTINUE_SHOPPING = "Continue Shopping";
export const EMPTY_CART = "Your cart is empty.";
export const SUBTOTAL = "Subtotal";

// A flagged line and its fix.
export const REMOVE = "Remove";
export const USE_NEW_PRICE = "Use the new price";
export const SHOE_GONE = "This shoe is no longer sold.";
export const SIZE_GONE = "This size is no longer sold.";
export const SOLD_OUT = "Sold out in this size.";
export const PRICE_CHANGED = "The price changed:";
export const onlyLeft = (available) => `Only ${available} left`;
export const lowerTo = (available) => `Lower to ${available}`;
export const QUOTE_FAILED =
  "We could not check your cart with the shop just now; it is checked again when you pay.";
