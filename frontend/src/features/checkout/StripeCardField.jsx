import { useEffect, useEffectEvent, useRef, useState } from "react";
import { CARD_NUMBER_INCOMPLETE, CARD_WIDGET_UNAVAILABLE } from "./messages";
import { loadStripeJs } from "./stripe";

const CARD_STYLE = {
  base: { color: "#ffffff", fontSize: "16px", "::placeholder": { color: "#9a9a9a" } },
  invalid: { color: "#ff6b6b" },
};

// Stripe's card element for a shop with a publishable key. The postal code is the payment form's
// own field (with the spec's rule), so the element hides its own and the form's goes into the
// payment method's billing details with the name and the address.
export default function StripeCardField({ publishableKey, onChange, showErrors }) {
  const mountPoint = useRef(null);
  const [error, setError] = useState(null);
  const [complete, setComplete] = useState(false);
  const [touched, setTouched] = useState(false);
  const [unavailable, setUnavailable] = useState(false);

  const report = useEffectEvent((stripe, card, event) => {
    setError(event.error?.message ?? null);
    setComplete(event.complete);
    onChange({
      accepted: event.complete && !event.error,
      brand: event.brand && event.brand !== "unknown" ? event.brand : null,
      error: event.error?.message ?? null,
      createPaymentMethod: async (billing) => {
        const { paymentMethod, error: refused } = await stripe.createPaymentMethod({
          type: "card",
          card,
          billing_details: billing,
        });
        return refused ? { error: refused.message } : { id: paymentMethod.id };
      },
      confirmAction: async (answer) => !(await stripe.handleCardAction(answer.clientSecret)).error,
    });
  });

  useEffect(() => {
    let card = null;
    let left = false;
    loadStripeJs(publishableKey)
      .then((stripe) => {
        if (left) return;
        if (!stripe) throw new Error("Stripe.js did not load");
        card = stripe.elements().create("card", { hidePostalCode: true, style: CARD_STYLE });
        card.on("change", (event) => report(stripe, card, event));
        card.on("blur", () => setTouched(true));
        card.mount(mountPoint.current);
      })
      .catch(() => {
        if (!left) setUnavailable(true);
      });
    return () => {
      left = true;
      card?.destroy();
    };
  }, [publishableKey]);

  // Stripe names a wrong card; an unfinished one is named here once the shopper tried to pay.
  const shown = unavailable
    ? CARD_WIDGET_UNAVAILABLE
    : ((showErrors || touched) && error) || (showErrors && !complete && CARD_NUMBER_INCOMPLETE);
  return (
    <div className="stripe-card">
      <div ref={mountPoint} className="stripe-card-element" role="group" aria-label="Card details" />
      {shown && (
        <p className="field-error" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
