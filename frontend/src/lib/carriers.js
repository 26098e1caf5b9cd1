// The carriers an admin ships with, as orders/carriers.py has them: the shapes of their tracking
// numbers, so the form says at once what the server would refuse (the server checks again).
export const CARRIERS = Object.freeze({
  UPS: /^1Z[0-9A-Z]{16}$/,
  USPS: /^(\d{20,22}|[A-Z]{2}\d{9}[A-Z]{2})$/,
  FedEx: /^(\d{12}|\d{15}|\d{20}|\d{22})$/,
  DHL: /^(\d{10,11}|[A-Z]{3}\d{7}|JJD\d{16,18})$/,
});

// The number as the carrier writes it: upper case, no spaces or dashes.
export const cleanTrackingNumber = (number) => (number ?? "").replace(/[\s-]/g, "").toUpperCase();

export function trackingNumberValid(carrier, number) {
  const pattern = CARRIERS[carrier];
  return Boolean(pattern && pattern.test(cleanTrackingNumber(number)));
}
