import { useEffect } from "react";
import { useDispatch, useSelector } from "react-redux";
import { Link } from "react-router";
import { useDocumentTitle } from "../../app/useDocumentTitle";
import { formatCents } from "../../lib/money";
import PaymentForm from "../checkout/PaymentForm";
import CartLine from "./CartLine";
import {
  cartCleared,
  cartScreenLeft,
  quoteCart,
  selectCanPay,
  selectCartItems,
  selectCartLines,
  selectCartTotalCents,
  selectQuote,
} from "./cartSlice";
import { CART_TITLE, CLEAR_CART, CONTINUE_SHOPPING, EMPTY_CART, QUOTE_FAILED, SUBTOTAL } from "./messages";

// /cart (SPEC.md §2): the lines, the subtotal, Clear Cart, Continue Shopping and the payment form.
// The shop is asked about the lines on entry and after each change, so a line whose shoe, size,
// price or stock changed is flagged before paying; the newest answer wins.
export default function Cart() {
  const dispatch = useDispatch();
  const items = useSelector(selectCartItems);
  const lines = useSelector(selectCartLines);
  const totalCents = useSelector(selectCartTotalCents);
  const canPay = useSelector(selectCanPay);
  const quote = useSelector(selectQuote);
  useDocumentTitle("Cart");

  useEffect(() => {
    if (items.length === 0) return undefined;
    const request = dispatch(quoteCart(items));
    return () => request.abort();
  }, [dispatch, items]);

  // The stored lines stay on leaving (see cartScreenLeft); what this screen alone used goes.
  useEffect(() => () => dispatch(cartScreenLeft()), [dispatch]);

  return (
    <section className="cart">
      <h1 className="page-title">{CART_TITLE}</h1>
      <div className="cart-layout">
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
          {quote.status === "failed" && (
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
                disabled={items.length === 0}
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
        <PaymentForm canPay={canPay} />
      </div>
    </section>
  );
}
