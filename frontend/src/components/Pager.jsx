import { hasNext, hasPrevious, nextOffset, previousOffset } from "../lib/paging";

// Previous and Next under a paged list (docs/PRODUCT.md §2): Previous is hidden on the first page, Next is
// disabled on the last.
export default function Pager({ offset, step, count, resetBelow, onChange, label = "Pages" }) {
  if (count <= step && offset === 0) return null;
  const page = Math.floor(offset / step) + 1;
  const pages = Math.max(1, Math.ceil(count / step));
  return (
    <nav className="pager" aria-label={label}>
      {hasPrevious(offset) ? (
        <button
          type="button"
          className="button"
          onClick={() => onChange(previousOffset(offset, step, resetBelow))}
        >
          Previous
        </button>
      ) : (
        <span className="pager-spacer" />
      )}
      <span className="pager-position">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className="button"
        disabled={!hasNext(offset, step, count)}
        onClick={() => onChange(nextOffset(offset, step, count))}
      >
        Next
      </button>
    </nav>
  );
}
