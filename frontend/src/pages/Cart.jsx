import { useSelector } from "react-redux";
import { selectCartItems } from "../lib/session";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { canPay, CART_TITLE, CartList, cartLines, selectCartTotalCents } from "../features/cart";
import { PaymentForm, useQuoteCartQuery } from "../features/checkout";
import { useOpenPaidOrder } from "../features/orders";

// /cart (docs/PRODUCT.md §2): the cart's lines, the subtotal, Clear Cart, Continue Shopping and the
// checkout's payment form, whose paid order opens on its page. The shop is asked about the lines on
// entry and after each change (the checkout's quote), so a line whose shoe, size, price or stock
// changed is flagged before paying; the answer for the lines as they are now wins, and the last one
// shows until it comes. Leaving the page forgets that answer and keeps the lines (docs/PRODUCT.md §4).
export default function Cart() {
  const items = useSelector(selectCartItems);
  const totalCents = useSelector(selectCartTotalCents);
  const { data: quote, isError: quoteFailed } = useQuoteCartQuery(items, {
    skip: items.length === 0,
    refetchOnMountOrArgChange: true,
  });
  const lines = cartLines(items, quote?.lines);
  const openPaidOrder = useOpenPaidOrder();
  useDocumentTitle("Cart");

  return (
    <section className="cart">
      <h1 className="page-title">{CART_TITLE}</h1>
      <div className="cart-layout">
        <CartList lines={lines} totalCents={totalCents} quoteFailed={quoteFailed} />
        <PaymentForm
          items={items}
          amount={totalCents}
          canPay={canPay(lines, totalCents)}
          onPaid={openPaidOrder}
        />
      </div>
    </section>
  );
}
