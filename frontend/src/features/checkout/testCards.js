import {
  CARD_NUMBER_INCOMPLETE,
  CARD_NUMBER_INVALID,
  CVC_INCOMPLETE,
  EXPIRY_INCOMPLETE,
  EXPIRY_INVALID,
  EXPIRY_PAST,
} from "./messages";

// The built-in card field of the test gateway (docs/DESIGN.md §5): Stripe's test card numbers become the
// test payment method ids of Stripe's testing docs, which the server's test gateway answers as Stripe
// would. Any other number is refused here, so no real card number is ever typed into a test shop.
export const TEST_CARDS = Object.freeze({
  4242424242424242: "pm_card_visa",
  5555555555554444: "pm_card_mastercard",
  4000000000000002: "pm_card_visa_chargeDeclined",
  4000000000009995: "pm_card_visa_chargeDeclinedInsufficientFunds",
  4000002760003184: "pm_card_authenticationRequired",
});

export const digitsOf = (text) => (text ?? "").replace(/\D/g, "");

// The card's network, from its first digits; null until they tell.
export function cardBrand(number) {
  const digits = digitsOf(number);
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  return null;
}

const numberLength = (brand) => (brand === "amex" ? 15 : 16);

// Groups of four as the shopper types (Amex: 4, 6, 5).
export function formatCardNumber(text) {
  const digits = digitsOf(text).slice(0, 16);
  if (cardBrand(digits) === "amex") {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(" ");
  }
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

// "MMYY" typed as "MM/YY".
export function formatExpiry(text) {
  const digits = digitsOf(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function cardNumberError(number) {
  const digits = digitsOf(number);
  if (digits.length < numberLength(cardBrand(digits))) return CARD_NUMBER_INCOMPLETE;
  return TEST_CARDS[digits] ? null : CARD_NUMBER_INVALID;
}

export function expiryError(expiry, today = new Date()) {
  const digits = digitsOf(expiry);
  if (digits.length < 4) return EXPIRY_INCOMPLETE;
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2, 4));
  if (month < 1 || month > 12) return EXPIRY_INVALID;
  const thisMonth = today.getFullYear() * 12 + today.getMonth();
  return year * 12 + (month - 1) < thisMonth ? EXPIRY_PAST : null;
}

export function cvcError(cvc, number) {
  return digitsOf(cvc).length >= (cardBrand(number) === "amex" ? 4 : 3) ? null : CVC_INCOMPLETE;
}

// The first of the card's problems, or null when the card is accepted.
export function testCardError({ number, expiry, cvc }, today = new Date()) {
  return cardNumberError(number) ?? expiryError(expiry, today) ?? cvcError(cvc, number);
}

const NONCE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

// A fresh suffix per pay press, as Stripe.js makes a fresh payment method per createPaymentMethod:
// the server takes a payment method id it has seen as a retry of the same payment.
export function nonce(length = 16) {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (byte) => NONCE_ALPHABET[byte % NONCE_ALPHABET.length]).join("");
}

export function testPaymentMethodId(number) {
  const id = TEST_CARDS[digitsOf(number)];
  return id ? `${id}--${nonce()}` : null;
}
