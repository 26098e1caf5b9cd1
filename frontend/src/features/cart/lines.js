import { lineKey } from "../../lib/cartLines";
import { toCents } from "../../lib/money";
import { MAX_QUANTITY } from "./cartSlice";

// The cart's lines as the cart screen shows them, with the shop's word on each (the quote's lines, or
// the lines a checkout refused): pure functions of the two.

// The most pairs '+' may reach: what the shop had of that size when last asked, and never past 99.
export const quantityLimit = (quoted) => Math.min(MAX_QUANTITY, quoted?.available ?? MAX_QUANTITY);

// What stands between a line and the checkout, from the shop's last word on it and the line as it
// is now: a fix made in the cart (a new price, fewer pairs) clears the flag before the shop is asked again.
export function lineProblem(line, quoted) {
  if (!quoted) return null;
  if (quoted.problem === "shoe_gone" || quoted.problem === "size_gone") return quoted.problem;
  if (quoted.price !== null && toCents(quoted.price) !== toCents(line.price)) return "price_changed";
  if (line.quantity > quoted.available) return "out_of_stock";
  return null;
}

// The lines as the cart screen shows them: each with the shop's price and stock when known (the
// quote's `lines`), its problem, and how far '+' may go.
export function cartLines(items, quoted = []) {
  const byKey = new Map(quoted.map((line) => [lineKey(line), line]));
  return items.map((line) => {
    const word = byKey.get(lineKey(line));
    return {
      ...line,
      key: lineKey(line),
      shopPrice: word?.price ?? null,
      shopRegularPrice: word?.regularPrice ?? null,
      available: word?.available ?? null,
      problem: lineProblem(line, word),
      limit: quantityLimit(word),
    };
  });
}

// The pay button works only for a cart with something to pay and nothing flagged (docs/PRODUCT.md §4).
export function canPay(lines, totalCents) {
  return lines.length > 0 && totalCents > 0 && lines.every((line) => line.problem === null);
}
