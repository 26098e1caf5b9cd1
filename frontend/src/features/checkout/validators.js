import { CITY_INVALID, LINE1_INVALID, NAME_INVALID, POSTAL_CODE_INVALID, STATE_INVALID } from "./messages";

// The payment form's rules (docs/PRODUCT.md §5), as pure functions: each field's message, or null when valid.

// Letters, accented ones included, and spaces; 3 to 40 of them, at least one a letter (three spaces
// are no name). NFC first, so an accent typed as a combining mark counts as one character.
const WORDS = /^(?=.*\p{L})[\p{L}\p{M} ]{3,40}$/u;
// Letters, digits, underscore, space and hyphen; 4 to 16 of them, at least one a letter or a digit.
const ADDRESS_PART = /^(?=.*[\p{L}0-9])[\p{L}\p{M}0-9_ -]{4,16}$/u;

const matches = (pattern, value) => pattern.test((value ?? "").normalize("NFC"));

export const PAYMENT_FIELDS = Object.freeze({
  name: { pattern: WORDS, message: NAME_INVALID },
  state: { pattern: WORDS, message: STATE_INVALID },
  city: { pattern: WORDS, message: CITY_INVALID },
  line1: { pattern: ADDRESS_PART, message: LINE1_INVALID },
  postalCode: { pattern: ADDRESS_PART, message: POSTAL_CODE_INVALID },
});

export function fieldError(field, value) {
  const { pattern, message } = PAYMENT_FIELDS[field];
  return matches(pattern, value) ? null : message;
}

// {field: message} for each field in error; empty when the address may be sent.
export function paymentErrors(values) {
  const errors = {};
  for (const field of Object.keys(PAYMENT_FIELDS)) {
    const message = fieldError(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

// The billing details the card service keeps with the payment method.
export function billingDetails({ name, state, city, line1, postalCode }) {
  return {
    name: name.trim(),
    address: { state: state.trim(), city: city.trim(), line1: line1.trim(), postal_code: postalCode.trim() },
  };
}
