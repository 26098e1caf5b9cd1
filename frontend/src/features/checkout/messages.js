// The payment form's texts (docs/PRODUCT.md §2 'Cart screen', §5, §8), spelled as the product spells them.

export const NAME_INVALID = "Please enter a valid name.";
export const STATE_INVALID = "The state can only contain letters and spaces";
export const CITY_INVALID = "The city can only contain letters and spaces";
export const LINE1_INVALID = "enter the line 1 correctly";
export const POSTAL_CODE_INVALID = "enter the postal code correctly";

export const PAY = "Pay";
export const PAYING = "Proccesading...";
export const PAYMENT_ERROR = "error in your payment";
export const NO_USER_FOR_PAY = "create your user for pay";

// 3-D Secure in test mode: what a bank's page would ask (the contract's texts).
export const CONFIRM_PAYMENT = "Confirm this payment";
export const BANK_ASKS = "Your bank asks you to confirm this payment.";
export const CONFIRM = "Confirm";
export const CANCEL = "Cancel";

// The refusals that are not the card's fault say what happened under the spec's title.
export const CART_CHANGED = "Your cart changed";
export const CART_CHANGED_TEXT = "Some lines need your attention before you pay. Nothing was charged.";
export const PRICES_CHECKED_TEXT = "The shop's prices were checked again. Nothing was charged.";
export const PAYMENT_UNAVAILABLE_TEXT = "The card service did not answer. Nothing was charged: try again.";
export const PAYMENT_IN_PROGRESS_TEXT = "This payment is already being processed.";
export const AUTHENTICATION_CANCELLED_TEXT = "The payment was not confirmed. Nothing was charged.";

// The built-in test card field, with Stripe's own words for the same mistakes.
export const CARD_NUMBER_INVALID = "Your card number is invalid.";
export const CARD_NUMBER_INCOMPLETE = "Your card number is incomplete.";
export const EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete.";
export const EXPIRY_PAST = "Your card's expiration year is in the past.";
export const EXPIRY_INVALID = "Your card's expiration date is invalid.";
export const CVC_INCOMPLETE = "Your card's security code is incomplete.";
export const CARD_WIDGET_UNAVAILABLE =
  "The card form could not be loaded. Check your connection and try again.";

// The cart's pricing (issue 30): the discount code and the shipping methods; the shop's own sentences say why a code
// is refused.
export const CODE_LABEL = "Discount code";
export const CODE_APPLY = "Apply";
export const CODE_REMOVE = "Remove";
export const codeApplied = (code) => `Code ${code} applied.`;
export const SHIPPING_LEGEND = "Shipping";

// The address book (issue 31): on /account, and the payment form's picker and box.
export const ADDRESSES_TITLE = "ADDRESSES";
export const ADDRESS_ADD = "Add an address";
export const ADDRESS_SAVE = "Save address";
export const ADDRESS_SAVED = "Address saved";
export const ADDRESS_DELETED = "Address deleted";
export const ADDRESS_DELETE_SURE = "Delete this address?";
export const ADDRESS_DEFAULT = "Default";
export const ADDRESS_MAKE_DEFAULT = "Make default";
export const ADDRESS_DEFAULT_BOX = "Use it as my default address";
export const ADDRESS_BOOK_EMPTY = "No saved addresses yet: save one here or when you pay.";
export const ADDRESS_BOOK_FULL = "Your address book is full: delete an address to add another.";
export const SAVED_ADDRESS_LABEL = "Saved address";
export const NEW_ADDRESS = "A new address";
export const SAVE_THIS_ADDRESS = "Save this address";
export const ADDRESS_NOT_SAVED = "Your address book is full, so this address was not saved.";
