import { formatCents, toCents } from "../../lib/money";

// The dashboard's shipping method form (issue 30): dollars and a comma-separated list of regions as the admin types
// them, cents and a list as the API takes them (POST/PUT /admin/shipping-methods). The server checks everything
// again (orders.serializers.ShippingMethodAdminSerializer); these checks are for comfort.

export const EMPTY_METHOD = Object.freeze({
  name: "",
  price: "",
  estimate: "",
  freeAbove: "",
  regions: "",
  active: true,
});

const DOLLARS = /^\d{1,6}(\.\d{1,2})?$/;
const REGION = /^[A-Z]{2}(-[A-Z]{2})?$/;

export const regionsOf = (typed) =>
  typed
    .split(",")
    .map((region) => region.trim().toUpperCase())
    .filter(Boolean);

// {field: message} of what the API would refuse; {} when the method can be sent.
export function shippingMethodErrors(values) {
  const errors = {};
  if (!values.name.trim()) errors.name = "Name the method, as Standard or Express.";
  else if (values.name.trim().length > 40) errors.name = "At most 40 characters.";
  if (!DOLLARS.test(values.price.trim())) errors.price = "A price in dollars, as 7.99 (0 for free).";
  if (values.freeAbove.trim() && !DOLLARS.test(values.freeAbove.trim())) {
    errors.freeAbove = "An amount in dollars, as 150, or empty for never.";
  }
  if (values.estimate.trim().length > 80) errors.estimate = "At most 80 characters.";
  const wrong = regionsOf(values.regions).find((region) => !REGION.test(region));
  if (wrong) errors.regions = `${wrong} is not a region: a country as US or DE, or a US state as US-CA.`;
  return errors;
}

export function shippingMethodBody(values) {
  return {
    name: values.name.trim(),
    price: toCents(values.price.trim()),
    estimate: values.estimate.trim(),
    freeAbove: values.freeAbove.trim() ? toCents(values.freeAbove.trim()) : null,
    regions: regionsOf(values.regions),
    active: values.active,
  };
}

// A method from the API, as the form shows it for editing.
export function shippingMethodValues(method) {
  const dollars = (cents) => formatCents(cents).replace(/[$,]/g, "");
  return {
    name: method.name,
    price: dollars(method.price),
    estimate: method.estimate,
    freeAbove: method.freeAbove === null ? "" : dollars(method.freeAbove),
    regions: method.regions.join(", "),
    active: method.active,
  };
}
