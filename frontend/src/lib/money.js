// Prices come from the server in dollars; the cart adds them up in whole cents so no float error shows.
// Every price on screen goes through formatCents, written as people read them: $1,234.50 (the mails use the
// same format, shopsite's `money` template filter).

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function toCents(dollars) {
  return Math.round(Number(dollars) * 100);
}

export function formatCents(cents) {
  return USD.format(cents / 100);
}

export function formatPrice(dollars) {
  return formatCents(toCents(dollars));
}
