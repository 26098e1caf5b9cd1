import { useId } from "react";

// The size dropdown of a card and of the detail screen; sold-out sizes are shown but cannot be chosen.
export default function SizeSelect({ shoe, value, onChange }) {
  const id = useId();
  return (
    <div className="size-select">
      <label htmlFor={id} className="visually-hidden">
        Size of {shoe.name}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Size</option>
        {shoe.stock.map((entry) => (
          <option key={entry._id} value={entry.size} disabled={entry.available < 1}>
            {entry.available < 1 ? `${entry.size} (sold out)` : entry.size}
          </option>
        ))}
      </select>
    </div>
  );
}
