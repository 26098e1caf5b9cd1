import { US_SIZES } from "../lib/sizes";

// The size chips over a list of shoes (issue 19): "All sizes" and each US size of the size chart
// (docs/PRODUCT.md §9). Choosing a size shows the shoes with at least one pair of it; choosing it again,
// or All sizes, shows every shoe. `value` is the chosen size ("" for none).
export default function SizeChips({ value, onChange, label = "Size" }) {
  const chip = (size, text) => (
    <li key={size || "all"}>
      <button
        type="button"
        className="size-chip"
        aria-pressed={value === size}
        onClick={() => onChange(value === size ? "" : size)}
      >
        {text}
      </button>
    </li>
  );
  return (
    <div className="size-chips" role="group" aria-label={label}>
      <span className="size-chips-label" aria-hidden="true">
        {label}
      </span>
      <ul>
        {chip("", "All sizes")}
        {US_SIZES.map((size) => chip(size, size))}
      </ul>
    </div>
  );
}
