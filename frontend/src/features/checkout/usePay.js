import { useCallback } from "react";
import { useDispatch } from "react-redux";
import { useNavigate } from "react-router";
import { DURATION, errorPopup, successPopup } from "../../lib/popup";
import { AUTHENTICATION_CANCELLED, checkout, NO_USER } from "../cart/cartSlice";
import {
  AUTHENTICATION_CANCELLED_TEXT,
  CART_CHANGED,
  CART_CHANGED_TEXT,
  NO_USER_FOR_PAY,
  PAYMENT_ERROR,
  PAYMENT_IN_PROGRESS_TEXT,
  PAYMENT_UNAVAILABLE_TEXT,
  PRICES_CHECKED_TEXT,
} from "./messages";

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

// The pay button's journey (SPEC.md §5, §8): a visitor is sent to make a user; a card becomes a
// payment method, the shop charges it, and the shopper sees the shop's message for 5 s on the new
// order's page, or 'error in your payment'.
export function usePay() {
  const dispatch = useDispatch();
  const navigate = useNavigate();

  const turnVisitorAway = useCallback(() => {
    errorPopup(NO_USER_FOR_PAY);
    navigate("/account");
  }, [navigate]);

  const payWith = useCallback(
    async (card, billing) => {
      const method = await card.createPaymentMethod(billing);
      if (method.error || !method.id) {
        errorPopup(PAYMENT_ERROR, method.error ? { text: method.error } : undefined);
        return false;
      }
      const result = await dispatch(
        checkout({ paymentMethodId: method.id, confirmAction: card.confirmAction }),
      );
      if (checkout.fulfilled.match(result)) {
        const { message, order } = result.payload;
        successPopup(message, { timer: DURATION.payment });
        navigate(`/order/${encodeURIComponent(order.idPayment)}`);
        return true;
      }
      // Another tab signed out, or the session ran out: the same as paying as a visitor.
      if (result.payload?.code === NO_USER || result.payload?.status === 401) turnVisitorAway();
      else if (!result.meta.condition) refusalPopup(result.payload);
      return false;
    },
    [dispatch, navigate, turnVisitorAway],
  );

  return { payWith, turnVisitorAway };
}
