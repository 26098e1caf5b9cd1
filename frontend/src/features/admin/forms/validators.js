import {
  BRAND_NAME_EMPTY,
  enterValid,
  IMAGE_INVALID,
  NAME_ONLY_LETTERS,
  ONLY_NUMBERS,
  onlyLetters,
  PRICE_DECIMALS,
  PRICE_OUT_OF_RANGE,
  QUANTITY_NOT_NUMBER,
  quantityOutOfRange,
  SALE_PRICE_NOT_BELOW,
  SIZE_NOT_NUMBER,
  SIZE_OUT_OF_RANGE,
  tooLong,
} from "./messages";

// The admin forms' rules (docs/PRODUCT.md §5) as pure functions: each form's {field: message} for the fields
// in error, empty when it may be sent. Past the spec's rules, the server's limits (catalog/serializers.py)
// with its words, so a value the server would refuse is caught before it is sent.

export const TEXT_MAX_LENGTH = 40;
export const PRICE_MAX = 100000;
export const QUANTITY_MAX = 100000;
// The formats the server takes an image in.
export const IMAGE_TYPES = Object.freeze(["image/jpeg", "image/png", "image/webp", "image/gif"]);

// Letters of any alphabet, accented ones included, and spaces.
const LETTERS_AND_SPACES = /^[\p{L} ]+$/u;
const DIGITS = /^\d+$/;
const DECIMAL = /^\d+(?:\.\d+)?$/;
// US sizes in half sizes, as the server writes them: 9, 9.5, 10.
const HALF_SIZE = /^\d{1,2}(?:\.[05])?$/;

// A typed value as it is checked and sent: NFC (an accent typed as a combining mark joins its letter,
// as the server's pattern expects), without blanks around it.
export const clean = (value) =>
  String(value ?? "")
    .normalize("NFC")
    .trim();

// A text field: 1 to 40 letters and spaces.
function textRule(label, { empty = enterValid(label), pattern = onlyLetters(label) } = {}) {
  return (value) => {
    const text = clean(value);
    if (!text) return empty;
    if (!LETTERS_AND_SPACES.test(text)) return pattern;
    // Counted in characters, as the server counts them, not in UTF-16 units.
    if ([...text].length > TEXT_MAX_LENGTH) return tooLong(label, TEXT_MAX_LENGTH);
    return null;
  };
}

// Dollars: digits, and at most two decimals for the cents.
function priceRule(value) {
  const text = clean(value);
  if (!text) return enterValid("price");
  if (!DECIMAL.test(text)) return ONLY_NUMBERS;
  if ((text.split(".")[1] ?? "").length > 2) return PRICE_DECIMALS;
  const price = Number(text);
  return price > 0 && price <= PRICE_MAX ? null : PRICE_OUT_OF_RANGE;
}

// The sale price: none (empty), or a price below the form's price (the server's rule too).
export function salePriceError({ salePrice, price }) {
  const text = clean(salePrice);
  if (!text) return null;
  const error = priceRule(text);
  if (error) return error === PRICE_OUT_OF_RANGE ? SALE_PRICE_NOT_BELOW : error;
  return priceRule(price) === null && Number(text) >= Number(clean(price)) ? SALE_PRICE_NOT_BELOW : null;
}

const withSalePrice = (errors, values) => {
  const error = salePriceError(values);
  return error ? { ...errors, salePrice: error } : errors;
};

function sizeRule(notNumber) {
  return (value) => {
    const text = clean(value);
    if (!text) return enterValid("size");
    if (!DECIMAL.test(text)) return notNumber;
    const size = Number(text);
    return HALF_SIZE.test(text) && size >= 1 && size <= 20 ? null : SIZE_OUT_OF_RANGE;
  };
}

function quantityRule(min, notNumber) {
  return (value) => {
    const text = clean(value);
    if (!text) return enterValid("quantity");
    if (!DIGITS.test(text)) return notNumber;
    const quantity = Number(text);
    return quantity >= min && quantity <= QUANTITY_MAX ? null : quantityOutOfRange(min, QUANTITY_MAX);
  };
}

// No new image is fine (the shoe keeps its own); a file that is not a picture is not.
function imageRule(file) {
  return file && !IMAGE_TYPES.includes(file.type) ? IMAGE_INVALID : null;
}

function errorsOf(rules, values) {
  const errors = {};
  for (const [field, rule] of Object.entries(rules)) {
    const message = rule(values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

const SHOE_RULES = {
  brand: textRule("brand"),
  name: textRule("name"),
  color: textRule("color"),
  price: priceRule,
};

// Create Shoes: every field but the image, which the spec leaves unchecked (the server checks it).
export function createShoeErrors(values) {
  const errors = errorsOf(
    {
      ...SHOE_RULES,
      size: sizeRule(ONLY_NUMBERS),
      q: quantityRule(0, ONLY_NUMBERS),
      description: textRule("description"),
    },
    values,
  );
  return withSalePrice(errors, values);
}

// Modify Shoes: the size is one of the shoe's and may be left unchosen (its stock stays as it is); a
// chosen size needs its quantity, and a quantity needs its size. The image is optional: without one
// the shoe keeps its picture.
export function modifyShoeErrors(values) {
  const sizeChosen = Boolean(clean(values.size));
  const quantityTyped = Boolean(clean(values.q));
  const errors = errorsOf(
    {
      ...SHOE_RULES,
      ...(sizeChosen || quantityTyped
        ? { size: sizeRule(ONLY_NUMBERS), q: quantityRule(0, ONLY_NUMBERS) }
        : {}),
      description: textRule("description"),
      image: imageRule,
    },
    values,
  );
  return withSalePrice(errors, values);
}

export function createBrandErrors(values) {
  return errorsOf(
    { name: textRule("brand name", { empty: BRAND_NAME_EMPTY, pattern: NAME_ONLY_LETTERS }) },
    values,
  );
}

// Create size: at least one pair, as the server asks.
export function createSizeErrors(values) {
  return errorsOf({ size: sizeRule(SIZE_NOT_NUMBER), q: quantityRule(1, QUANTITY_NOT_NUMBER) }, values);
}
