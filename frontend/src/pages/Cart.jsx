import { useState } from "react";
import { useSelector } from "react-redux";
import PriceBreakdown from "../components/PriceBreakdown";
import { beyondSubtotal, quoteBreakdown } from "../lib/breakdown";
import { selectCartItems } from "../lib/session";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { canPay, CART_TITLE, CartList, cartLines, selectCartTotalCents } from "../features/cart";
import {
  DiscountCode,
  PaymentForm,
  quoteArg,
  ShippingChoice,
  useDebounced,
  useQuoteCartQuery,
} from "../features/checkout";
import { useOpenPaidOrder } from "../features/orders";

// /cart (docs/PRODUCT.md §2): the cart's lines, the subtotal, Clear Cart, Continue Shopping, the discount code, the
// shipping methods, the price breakdown and the checkout's payment form, whose paid order opens on its page. The
// shop is asked about the lines on entry and after each change (the checkout's quote), with the code applied, the
// method chosen and the state typed (once the typing pauses), so a line whose shoe, size, price or stock changed is
// flagged before paying and the total to pay is the shop's; the answer for the cart as it is now wins, and the last
// one shows until it comes. Leaving the page forgets that answer and keeps the lines (docs/PRODUCT.md §4); the code
// and the method are the screen's own and go with it.
export default function Cart() {
  const items = useSelector(selectCartItems);
  const totalCents = useSelector(selectCartTotalCents);
  const [code, setCode] = useState("");
  const [shipping, setShipping] = useState(null);
  const [typedState, setTypedState] = useState("");
  const state = useDebounced(typedState.trim(), 400);
  const asked = quoteArg(items, { code, shipping, state });
  const { data: quote, isError: quoteFailed } = useQuoteCartQuery(asked, {
    skip: items.length === 0,
    refetchOnMountOrArgChange: true,
  });
  const lines = cartLines(items, quote?.lines);
  const openPaidOrder = useOpenPaidOrder();
  useDocumentTitle("Cart");
  const priced = items.length > 0 && quote && !quoteFailed;
  // The shop's total (its quote's amount is that total) once it answered; the lines' own sum until then.
  const amount = priced ? (quote.total ?? quote.amount) : totalCents;
  // A shop without shipping methods, tax or a code applied shows the spec's subtotal alone, as before.
  const parts = priced ? quoteBreakdown(quote) : null;
  const onFieldChange = (field, value) => field === "state" && setTypedState(value);

  return (
    <section className="cart">
      <h1 className="page-title">{CART_TITLE}</h1>
      <div className="cart-layout">
        <div className="cart-column">
          <CartList lines={lines} totalCents={totalCents} quoteFailed={quoteFailed} />
          {items.length > 0 && (
            <div className="cart-pricing">
              <DiscountCode code={code} answer={quote?.code ?? null} onApply={setCode} />
              {priced && (
                <ShippingChoice
                  methods={quote.shippingMethods}
                  chosen={
                    // The shopper's choice at once, while the shop prices it; the shop's own when it does not serve.
                    quote.shippingMethods.some((method) => method.id === shipping)
                      ? shipping
                      : quote.shippingMethod
                  }
                  onChoose={setShipping}
                />
              )}
              {parts && beyondSubtotal(parts) && <PriceBreakdown parts={parts} label="What you pay" />}
            </div>
          )}
        </div>
        <PaymentForm
          items={items}
          amount={amount}
          canPay={canPay(lines, totalCents)}
          onPaid={openPaidOrder}
          pricing={{
            code: quote?.code?.applied ? code : "",
            shipping: quote?.shippingMethod ?? null,
            quote: asked,
          }}
          onFieldChange={onFieldChange}
        />
      </div>
    </section>
  );
}
