// Prices come from the server in dollars; the cart adds them up in whole cents so no float error shows.
// Every price on screen goes through formatCents, written as people read them: $1,234.50 (the mails use the
// same format, shopsite's `money` template filter). Written out rather than asked of Intl.NumberFormat,
// whose first formatter costs a page load tens of milliseconds on a phone, before anything shows.

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

export function toCents(dollars) {
  return Math.round(Number(dollars) * 100);
}

export function formatCents(cents) {
  const whole = Math.abs(Math.round(cents));
  const dollars = String(Math.floor(whole / 100)).replace(THOUSANDS, ",");
  const rest = String(whole % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}$${dollars}.${rest}`;
}

export function formatPrice(dollars) {
  return formatCents(toCents(dollars));
}

// What a shoe answer sells for now (catalog's Shoe.price_now): its sale price while on sale with one, else
// its price. The server prices the cart the same way.
export function priceNow(shoe) {
  return shoe.onSale && shoe.salePrice !== null && shoe.salePrice !== undefined ? shoe.salePrice : shoe.price;
}
