import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useDispatch, useSelector } from "react-redux";
import { Link } from "react-router";
import { CloseIcon } from "../../components/icons";
import { formatPrice } from "../../lib/money";
import { SEARCH_LIMIT, searchCleared, searchShoes, selectSearch } from "./searchSlice";

// How long typing must pause before the shop is asked: one request per pause, not per key.
export const SEARCH_DEBOUNCE_MS = 250;

function SearchResults({ search, onChoose }) {
  const { name, text, count, status } = search;
  if (status === "failed") return <p className="search-note">The search failed. Try again in a moment.</p>;
  // The server may answer with a plain text, such as a not-found message: it is shown as it is.
  if (typeof name === "string") return <p className="search-note">{name}</p>;
  if (status === "succeeded" && name.length === 0) {
    return <p className="search-note">No shoes named like &ldquo;{text}&rdquo;.</p>;
  }
  return (
    <>
      <ul className="search-results" aria-busy={status === "loading"}>
        {name.map((shoe) => (
          <li key={shoe._id}>
            <Link to={`/products/${shoe._id}`} className="search-result" onClick={onChoose}>
              <img src={shoe.image} alt="" width="64" height="48" />
              <span className="search-result-name">{shoe.name}</span>
              <span className="price">{formatPrice(shoe.price)}</span>
            </Link>
          </li>
        ))}
      </ul>
      {count > SEARCH_LIMIT && (
        <p className="search-note">
          {count - SEARCH_LIMIT} more shoes match: type more of the name to find yours.
        </p>
      )}
    </>
  );
}

// The header's search side drawer (SPEC.md §2): closed by its cross, the overlay or Escape; a click
// on a shoe goes to the shoe and closes it too.
export default function SearchDrawer({ onClose }) {
  const dispatch = useDispatch();
  const search = useSelector(selectSearch);
  const [text, setText] = useState(search.text);
  const input = useRef(null);

  useEffect(() => {
    input.current?.focus();
    const closeOnEscape = (event) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [onClose]);

  useEffect(() => {
    const wanted = text.trim();
    if (!wanted) {
      dispatch(searchCleared());
      return undefined;
    }
    let request = null;
    const timer = setTimeout(() => {
      request = dispatch(searchShoes(wanted));
    }, SEARCH_DEBOUNCE_MS);
    // A newer text cancels the wait, or the request still on its way: its answer would be stale.
    return () => {
      clearTimeout(timer);
      request?.abort();
    };
  }, [dispatch, text]);

  // In the body, not in the sticky header, whose stacking would leave the drawer under the chat button.
  return createPortal(
    <div className="drawer-root">
      <div className="drawer-overlay" data-testid="search-overlay" onClick={onClose} />
      <aside className="drawer" role="dialog" aria-modal="true" aria-label="Search shoes">
        <div className="drawer-head">
          <input
            ref={input}
            type="search"
            className="search-input"
            placeholder="Search..."
            aria-label="Search shoes by name"
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="button" className="icon-button" aria-label="Close search" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {text.trim() && (
          <div className="search-menu">
            <SearchResults search={search} onChoose={onClose} />
          </div>
        )}
      </aside>
    </div>,
    document.body,
  );
}
