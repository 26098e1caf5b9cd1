// The address book's pure helpers: a saved address as the payment form's fields, the same address told apart from
// another, and the one line a picker shows of it.

export const ADDRESS_FIELDS = Object.freeze(["name", "state", "city", "line1", "postalCode"]);
export const EMPTY_ADDRESS = Object.freeze({ name: "", state: "", city: "", line1: "", postalCode: "" });

// The payment form's fields of a saved address (the country is the shop's: the form has none).
export function addressFields(saved) {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, saved?.[field] ?? ""]));
}

// As the server compares them: trimmed, accents in one form (NFC).
const normal = (value) => (value ?? "").normalize("NFC").trim();

export function sameAddress(a, b) {
  return ADDRESS_FIELDS.every((field) => normal(a?.[field]) === normal(b?.[field]));
}

// The saved address these fields are, if any.
export function savedMatching(addresses, values) {
  return (addresses ?? []).find((saved) => sameAddress(saved, values)) ?? null;
}

// The one the payment form starts with: the default (the server lists it first).
export function defaultAddress(addresses) {
  return (addresses ?? []).find((saved) => saved.isDefault) ?? addresses?.[0] ?? null;
}

export function addressLabel({ name, line1, city, state, postalCode }) {
  return `${name}, ${line1}, ${city}, ${state} ${postalCode}`;
}

// The server's cap (orders/address_book.py): the screen offers no "add" past it, and the server refuses one anyway.
export const MAX_SAVED_ADDRESSES = 10;
