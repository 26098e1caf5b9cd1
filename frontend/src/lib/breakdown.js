import { formatCents } from "./money";

// The rows of a price breakdown (docs/PRODUCT.md §2 'Cart screen', 'Order detail'), from the server's parts in cents:
// a quote of the cart before paying, or an order. The server computes every figure (orders.pricing); this only says
// which rows show and how they read. A discount shows with its code, shipping with its method and estimate; tax is
// added (Tax) or, where prices include it, told as a part of the total (Tax included); the confirmation mail reads the
// same (orders/mails.py's breakdown_rows).
export function breakdownRows({
  subtotal,
  discount,
  code,
  shipping,
  shippingMethod,
  tax,
  taxIncluded,
  total,
}) {
  const rows = [{ key: "subtotal", term: "Subtotal", value: formatCents(subtotal) }];
  if (discount > 0) {
    rows.push({
      key: "discount",
      term: code ? `Discount (${code})` : "Discount",
      value: formatCents(-discount),
    });
  }
  if (shippingMethod) {
    const term = shippingMethod.estimate
      ? `Shipping (${shippingMethod.name}, ${shippingMethod.estimate})`
      : `Shipping (${shippingMethod.name})`;
    rows.push({ key: "shipping", term, value: shipping > 0 ? formatCents(shipping) : "Free" });
  } else if (shipping > 0) {
    rows.push({ key: "shipping", term: "Shipping", value: formatCents(shipping) });
  }
  if (tax > 0) rows.push({ key: "tax", term: taxIncluded ? "Tax included" : "Tax", value: formatCents(tax) });
  rows.push({ key: "total", term: "Total", value: formatCents(total) });
  return rows;
}

// An order answer's parts as breakdownRows takes them (its total is its amount).
export function orderBreakdown(order) {
  return {
    subtotal: order.subtotal ?? order.amount,
    discount: order.discount ?? 0,
    code: order.code || null,
    shipping: order.shipping ?? 0,
    shippingMethod: order.shippingMethod ?? null,
    tax: order.tax ?? 0,
    taxIncluded: Boolean(order.taxIncluded),
    total: order.amount,
  };
}

// A quote answer's parts as breakdownRows takes them (the code only when it applied).
export function quoteBreakdown(quote) {
  const chosen = (quote.shippingMethods ?? []).find((method) => method.id === quote.shippingMethod) ?? null;
  return {
    subtotal: quote.subtotal ?? quote.amount,
    discount: quote.discount ?? 0,
    code: quote.code?.applied ? quote.code.code : null,
    shipping: quote.shipping ?? 0,
    shippingMethod: chosen && { name: chosen.name, estimate: chosen.estimate },
    tax: quote.tax ?? 0,
    taxIncluded: Boolean(quote.taxIncluded),
    total: quote.total ?? quote.amount,
  };
}

// Whether the parts hold more than their subtotal (a discount, a shipping method, tax): without, a screen shows the
// spec's total alone, as before pricing.
export function beyondSubtotal(parts) {
  return parts.discount > 0 || parts.shippingMethod != null || parts.shipping > 0 || parts.tax > 0;
}
