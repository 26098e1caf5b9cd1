import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useDispatch, useSelector } from "react-redux";
import { CloseIcon } from "../../components/icons";
import PrefetchLink from "../../components/PrefetchLink";
import Price from "../../components/Price";
import ShoeImage from "../../components/ShoeImage";
import SizeChips from "../../components/SizeChips";
import { priceNow } from "../../lib/money";
import { SEARCH_LIMIT, useSearchShoesQuery } from "./api";
import { searched, searchSizeChosen, selectSearchSize, selectSearchText } from "./searchSlice";

// How long typing must pause before the shop is asked: one request per pause, not per key.
export const SEARCH_DEBOUNCE_MS = 250;

// The matches of the text asked last. The API keeps each text's answer apart, so an answer to an
// older text, arriving late, never shows in place of the newer one.
function SearchResults({ text, size, onChoose }) {
  const { data, isError, isFetching } = useSearchShoesQuery({ text, size }, { skip: !text });
  if (isError) return <p className="search-note">The search failed. Try again in a moment.</p>;
  // The server may answer with a plain text, such as a not-found message: it is shown as it is.
  if (typeof data === "string") return <p className="search-note">{data}</p>;
  const shoes = data?.results ?? [];
  if (data && !isFetching && shoes.length === 0) {
    return (
      <p className="search-note">
        No shoes named like &ldquo;{text}&rdquo;{size ? ` in size ${size}` : ""}.
      </p>
    );
  }
  return (
    <>
      <ul className="search-results" aria-busy={isFetching}>
        {shoes.map((shoe) => (
          <li key={shoe._id}>
            <PrefetchLink to={`/products/${shoe._id}`} className="search-result" onClick={onChoose}>
              <ShoeImage src={shoe.image} srcSet={shoe.imageSrcset} place="search" width="64" height="48" />
              <span className="search-result-name">{shoe.name}</span>
              <Price as="span" price={priceNow(shoe)} regular={shoe.price} />
            </PrefetchLink>
          </li>
        ))}
      </ul>
      {data?.count > SEARCH_LIMIT && (
        <p className="search-note">
          {data.count - SEARCH_LIMIT} more shoes match: type more of the name to find yours.
        </p>
      )}
    </>
  );
}

// The header's search side drawer (docs/PRODUCT.md §2): closed by its cross, the overlay or Escape; a
// click on a shoe goes to the shoe and closes it too.
export default function SearchDrawer({ onClose }) {
  const dispatch = useDispatch();
  const searchedText = useSelector(selectSearchText);
  const size = useSelector(selectSearchSize);
  const [text, setText] = useState(searchedText);
  const wanted = text.trim();
  const input = useRef(null);

  useEffect(() => {
    input.current?.focus();
    const closeOnEscape = (event) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [onClose]);

  // The shop is asked once typing pauses; an emptied box asks nothing and clears the results.
  useEffect(() => {
    if (!wanted) {
      dispatch(searched(""));
      return undefined;
    }
    const timer = setTimeout(() => dispatch(searched(wanted)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [dispatch, wanted]);

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
        <SizeChips value={size} onChange={(next) => dispatch(searchSizeChosen(next))} />
        {wanted && searchedText && (
          <div className="search-menu">
            <SearchResults text={searchedText} size={size} onChoose={onClose} />
          </div>
        )}
      </aside>
    </div>,
    document.body,
  );
}
