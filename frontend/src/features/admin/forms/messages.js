// The admin forms' texts: the spec's (docs/PRODUCT.md §2 'Admin forms', §5, §7, §8), kept as written; where
// the spec gives none, the server's own (catalog/serializers.py), so the browser and the server say the same.

export const BACK_TO_ADMIN = "Back to Admin";
export const CREATE = "Create";
export const MODIFY = "Modify";

export const CREATE_SHOES_TITLE = "Add some new shoes to the store!";
export const CREATE_BRAND_TITLE = "Create Brand";
export const CREATE_SIZE_TITLE = "Create size";
export const MODIFY_SHOES_TITLE = "Modify Shoes";
export const ORDER_TITLE = "ORDER";

export const SHOE_ADDED = "Your shoe was added to store";
export const SHOE_MODIFIED = "Your modified shoe was added to store";
export const CREATE_SHOES_FAILED = "Something went wrong creating your shoes";
// The spec's modify failure is the create failure's text, word for word.
export const MODIFY_SHOES_FAILED = CREATE_SHOES_FAILED;
export const CREATE_BRAND_FAILED = "Something went wrong creating your brand";
export const CREATE_SIZE_FAILED = "Something went wrong creating the size";

// Field messages: 'Enter a valid ...' when empty (docs/PRODUCT.md §5).
export const enterValid = (what) => `Enter a valid ${what}`;
export const BRAND_NAME_EMPTY = enterValid("brand name");
export const IMAGE_INVALID = "Add a valid image";
export const ONLY_NUMBERS = "Only numbers";
export const SIZE_NOT_NUMBER = "The size can only contain number";
export const QUANTITY_NOT_NUMBER = "The quantity can only contain number";
// The spec names the name field's; the server words the brand's, color's and description's alike.
export const onlyLetters = (label) => `The ${label} can only contain letters and spaces`;
export const NAME_ONLY_LETTERS = onlyLetters("name");
// The limits the spec's messages leave unworded, as the server words them.
export const tooLong = (label, max) => `The ${label} can have at most ${max} characters`;
export const PRICE_OUT_OF_RANGE = "The price must be more than 0 and at most 100000";
export const PRICE_DECIMALS = "The price can have at most 2 decimals";
export const SALE_PRICE_NOT_BELOW = "The sale price must be below the price";
export const SALE_PRICE_HINT =
  "Optional. Shown, and charged, with the price struck through while the shoe is on sale.";
export const SIZE_OUT_OF_RANGE = "The size must be from 1 to 20, in half sizes";
export const quantityOutOfRange = (min, max) => `The quantity must be from ${min} to ${max}`;

export const NO_SHOE_SELECTED = "No shoe is selected. Choose one in the Products table of the dashboard.";
export const NO_ORDER_SELECTED = "No order is selected. Choose one in the Clients table of the dashboard.";
export const NO_SIZE = "Keep the sizes as they are";

// /orders' refunds and cancel (no spec text: the confirm is the spec's 'Are you sure?' dialog).
export const REFUND_ONE = "Refund 1 pair";
export const REFUND_ALL = "Refund all pairs";
export const CANCEL_ORDER = "Cancel order";
export const YES_REFUND = "Yes, refund it!";
export const YES_CANCEL_ORDER = "Yes, cancel it!";
export const refundOneText = (line) =>
  `One pair of ${line.name} size ${line.size} is refunded to the card and goes back in stock.`;
export const REFUND_ALL_TEXT = "Every pair not refunded yet is refunded to the card and goes back in stock.";
export const CANCEL_ORDER_TEXT =
  "The order is cancelled: every pair not refunded yet is refunded to the card and goes back in stock.";
export const REFUNDED = "Refunded!";
export const ORDER_CANCELLED = "Order cancelled!";
export const NOT_REFUNDED = "Nothing was refunded";

// The release screens (docs/PRODUCT.md §10).
export const CREATE_RELEASE_TITLE = "Create a release";
export const RELEASE_CREATED = "Your release was created";
export const RELEASE_CHANGED = "Your release was changed";
export const CREATE_RELEASE_FAILED = "Something went wrong creating your release";
export const CHANGE_RELEASE_FAILED = "Something went wrong changing your release";
export const RUN_DRAW = "Run the draw";

// Fulfilment (issue 31).
export const SHIP_ORDER = "Mark shipped";
export const SHIPPED = "Shipped: the shopper was mailed the tracking link.";
export const NOT_A_TRACKING_NUMBER = "That is not a tracking number of this carrier.";
export const OPEN_RETURNS = "Returns to decide";
export const NO_OPEN_RETURNS = "No return waits for you.";
