import { useCallback, useRef } from "react";
import { useSelector } from "react-redux";
import { useNavigate } from "react-router";
import { DURATION, errorPopup, successPopup } from "../../lib/popup";
import { selectUser } from "../../lib/session";
import { useCheckoutMutation } from "./api";
import {
  AUTHENTICATION_CANCELLED_TEXT,
  CART_CHANGED,
  CART_CHANGED_TEXT,
  NO_USER_FOR_PAY,
  PAYMENT_ERROR,
  PAYMENT_IN_PROGRESS_TEXT,
  PAYMENT_UNAVAILABLE_TEXT,
  PRICES_CHECKED_TEXT,
  ADDRESS_NOT_SAVED,
} from "./messages";

// Why a payment did not finish though the shop did not refuse it: the bank's check was cancelled, or
// was asked for again after being given.
export const AUTHENTICATION_CANCELLED = "authentication_cancelled";
export const AUTHENTICATION_FAILED = "authentication_failed";

// What the shopper is told when the shop did not take the payment; nothing was charged in any case
// but a decline, which charges nothing either.
function refusalPopup(refusal) {
  switch (refusal?.code) {
    case "cart_changed":
      return errorPopup(CART_CHANGED, { text: CART_CHANGED_TEXT });
    case "amount_mismatch":
      return errorPopup(CART_CHANGED, { text: PRICES_CHECKED_TEXT });
    case "payment_unavailable":
      return errorPopup(PAYMENT_ERROR, { text: PAYMENT_UNAVAILABLE_TEXT });
    case "payment_in_progress":
      return errorPopup(PAYMENT_ERROR, { text: PAYMENT_IN_PROGRESS_TEXT });
    case AUTHENTICATION_CANCELLED:
      return errorPopup(PAYMENT_ERROR, { text: AUTHENTICATION_CANCELLED_TEXT });
    default:
      // A decline (402) and anything else: the spec's message, with the shop's reason when it gave one.
      return errorPopup(PAYMENT_ERROR, refusal?.status >= 400 ? { text: refusal.message } : undefined);
  }
}

// The pay button's journey (docs/PRODUCT.md §5, §8) for the cart's lines and total (`amount`, in
// cents): a visitor is sent to make a user; a card becomes a payment method, the shop charges it, and
// the shopper sees the shop's message for 5 s on the new order's page (`onPaid(order)` opens it), or
// 'error in your payment'. A 202 means the bank wants the shopper to confirm (3-D Secure): the card
// widget does that (Stripe's handleCardAction, or the test gateway's dialog) and the same body, same
// payment method id, is sent again. One payment at a time, whichever screen the shopper went to
// meanwhile (`paying`): its answer still clears a paid cart. `pricing` is what else the total was quoted with: the
// discount code, the shipping method and the quote's argument (api.js's quoteArg), whose lines a refusal flags.
export function usePay({ items, amount, onPaid, pricing = {} }) {
  const navigate = useNavigate();
  const user = useSelector(selectUser);
  const [checkout, { isLoading }] = useCheckoutMutation({ fixedCacheKey: "checkout" });
  const underway = useRef(false);

  const turnVisitorAway = useCallback(() => {
    errorPopup(NO_USER_FOR_PAY);
    navigate("/account");
  }, [navigate]);

  const pay = async (card, billing, { saveAddress = false } = {}) => {
    const method = await card.createPaymentMethod(billing);
    if (method.error || !method.id) {
      errorPopup(PAYMENT_ERROR, method.error ? { text: method.error } : undefined);
      return;
    }
    // Another tab signed out: the same as paying as a visitor.
    if (!user) {
      turnVisitorAway();
      return;
    }
    // The address goes to the shop too, which keeps it on the order as where to ship.
    const { state, city, line1, postal_code: postalCode } = billing.address;
    const body = {
      id: method.id,
      email: user.email,
      uid: user.idUser,
      shoes: items,
      amount,
      address: { name: billing.name, state, city, line1, postalCode },
      ...(pricing.code ? { code: pricing.code } : {}),
      ...(pricing.shipping != null ? { shipping: pricing.shipping } : {}),
      ...(pricing.quote ? { quote: pricing.quote } : {}),
      // Kept in the address book once paid; a full book never stops the payment (addressSaved: false).
      ...(saveAddress ? { saveAddress: true } : {}),
    };
    let { data, error } = await checkout(body);
    if (data?.requiresAction) {
      if (!(await card.confirmAction(data))) {
        refusalPopup({ code: AUTHENTICATION_CANCELLED });
        return;
      }
      ({ data, error } = await checkout(body));
      if (data?.requiresAction) {
        refusalPopup({ code: AUTHENTICATION_FAILED, status: 402, message: "The payment was not confirmed" });
        return;
      }
    }
    // The session ran out: the same as paying as a visitor.
    if (error?.status === 401) turnVisitorAway();
    else if (error) refusalPopup(error);
    else {
      const notSaved = data.addressSaved === false ? { text: ADDRESS_NOT_SAVED } : {};
      successPopup(data.message, { timer: DURATION.payment, ...notSaved });
      onPaid(data.order);
    }
  };

  const payWith = async (card, billing, options) => {
    if (underway.current || isLoading) return;
    underway.current = true;
    try {
      await pay(card, billing, options);
    } finally {
      underway.current = false;
    }
  };

  return { payWith, turnVisitorAway, paying: isLoading };
}
