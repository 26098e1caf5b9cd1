import { formatPrice, toCents } from "../lib/money";

// A price as the shop shows it: alone, or, below a `regular` price, with that one struck through before it
// (a sale price, docs/PRODUCT.md §3). Screen readers hear which is which. `as` names the element.
export default function Price({ price, regular = null, as: Tag = "p", className = "price" }) {
  const reduced = regular !== null && regular !== undefined && toCents(regular) > toCents(price);
  if (!reduced) return <Tag className={className}>{formatPrice(price)}</Tag>;
  return (
    <Tag className={`${className} price-reduced`}>
      <del className="price-regular">
        <span className="visually-hidden">Regular price </span>
        {formatPrice(regular)}
      </del>{" "}
      <span className="price-sale">
        <span className="visually-hidden">Sale price </span>
        {formatPrice(price)}
      </span>
    </Tag>
  );
}
