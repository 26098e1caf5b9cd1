// The catalogue's texts and popups (docs/PRODUCT.md §2, §5, §8).
export const ADD_SIZE = "Add size";
export const ADDED_TO_CART = "Your shoe add to cart";
export const NO_MORE_PAIRS = "No more pairs left";

// 'Notify me' on a sold-out size (issue 19).
export const NOTIFY_EMAIL_INVALID = "Use a valid email";
export const NOTIFY_PICK_SIZE = "Choose the size you want";
export const NOTIFY_TOO_MANY = "Too many tries; wait a while and try again.";
export const NOTIFY_FAILED = "Something went wrong; try again in a moment.";
export const STOCK_UNSUBSCRIBE_FAILED = "This link did not work; try again in a moment.";
// Beside a reduced price where the shop shows it (SHOP_LOWEST_PRICE_NOTICE, the EU's Omnibus rule).
export const LOWEST_PRICE_30_DAYS = "Lowest price in the last 30 days";
// A shoe's link to its brand's size chart, or the shop's (issue 31).
export const SIZE_GUIDE = "Size guide";
