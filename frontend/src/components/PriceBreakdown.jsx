import { breakdownRows } from "../lib/breakdown";

// What a shopper pays, part by part (lib/breakdown.js): on the cart before paying, on the order's page and in the
// admin's /orders, the same rows from the same server figures.
export default function PriceBreakdown({ parts, label = "Price breakdown" }) {
  return (
    <dl className="price-breakdown" role="group" aria-label={label}>
      {breakdownRows(parts).map((row) => (
        <div key={row.key} className={`price-breakdown-${row.key}`}>
          <dt>{row.term}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
