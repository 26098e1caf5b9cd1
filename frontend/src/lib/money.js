// Prices come from the server in dollars; the cart adds them up in whole cents so no float error shows.

export function toCents(dollars) {
  return Math.round(Number(dollars) * 100);
}

export function formatCents(cents) {
  return `$${(cents / 100).toFixed(2)}`;
}

export function formatPrice(dollars) {
  return formatCents(toCents(dollars));
}
