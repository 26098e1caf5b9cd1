import { formatPrice, priceNow, toCents } from "../../lib/money";
import { LOWEST_PRICE_30_DAYS } from "./messages";

// Under a reduced shoe's price, where the shop is set to show it (the server then answers lowestPrice30Days):
// the lowest price it sold for in the 30 days before the reduction started. Nothing otherwise.
export default function LowestPriceNotice({ shoe }) {
  const lowest = shoe.lowestPrice30Days;
  if (lowest === null || lowest === undefined || toCents(priceNow(shoe)) >= toCents(shoe.price)) return null;
  return (
    <p className="lowest-price">
      {LOWEST_PRICE_30_DAYS}: {formatPrice(lowest)}
    </p>
  );
}
