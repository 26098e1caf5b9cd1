import { useDispatch } from "react-redux";
import { Link } from "react-router";
import { formatCents } from "../../lib/money";
import CartLine from "./CartLine";
import { cartCleared } from "./cartSlice";
import { CLEAR_CART, CONTINUE_SHOPPING, EMPTY_CART, QUOTE_FAILED, SUBTOTAL } from "./messages";

// The cart screen's lines (lines.js's cartLines: each with the shop's word on it), the subtotal of
// the stored lines (`totalCents`), Clear Cart and Continue Shopping (docs/PRODUCT.md §2 'Cart screen').
// `quoteFailed`: the shop could not be asked about the lines.
export default function CartList({ lines, totalCents, quoteFailed }) {
  const dispatch = useDispatch();
  return (
    <div className="cart-main">
      {lines.length === 0 ? (
        <p className="empty">{EMPTY_CART}</p>
      ) : (
        <ul className="cart-lines" aria-label="Cart lines">
          {lines.map((line) => (
            <CartLine key={line.key} line={line} />
          ))}
        </ul>
      )}
      {quoteFailed && (
        <p className="form-note" role="status">
          {QUOTE_FAILED}
        </p>
      )}
      <div className="cart-summary">
        <p className="cart-subtotal">
          {SUBTOTAL}: <strong>{formatCents(totalCents)}</strong>
        </p>
        <div className="cart-actions">
          <button
            type="button"
            className="button"
            disabled={lines.length === 0}
            onClick={() => dispatch(cartCleared())}
          >
            {CLEAR_CART}
          </button>
          <Link to="/" className="button button-quiet">
            {CONTINUE_SHOPPING}
          </Link>
        </div>
      </div>
    </div>
  );
}
