import { useDispatch, useSelector } from "react-redux";
import { Link } from "react-router";
import { formatCents } from "../../lib/money";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { PaymentForm, useQuoteCartQuery } from "../checkout";
import CartLine from "./CartLine";
import { cartCleared, selectCartItems, selectCartTotalCents } from "./cartSlice";
import { canPay, cartLines } from "./lines";
import { CART_TITLE, CLEAR_CART, CONTINUE_SHOPPING, EMPTY_CART, QUOTE_FAILED, SUBTOTAL } from "./messages";

// /cart (docs/PRODUCT.md §2): the lines, the subtotal, Clear Cart, Continue Shopping and the payment
// form. The shop is asked about the lines on entry and after each change, so a line whose shoe, size,
// price or stock changed is flagged before paying; the answer for the lines as they are now wins,
// and the last one shows until it comes.
export default function Cart() {
  const dispatch = useDispatch();
  const items = useSelector(selectCartItems);
  const totalCents = useSelector(selectCartTotalCents);
  const { data: quote, isError: quoteFailed } = useQuoteCartQuery(items, {
    skip: items.length === 0,
    refetchOnMountOrArgChange: true,
  });
  const lines = cartLines(items, quote?.lines);
  useDocumentTitle("Cart");

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
        <PaymentForm items={items} amount={totalCents} canPay={canPay(lines, totalCents)} />
      </div>
    </section>
  );
}
