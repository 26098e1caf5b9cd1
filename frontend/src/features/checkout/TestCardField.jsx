import { useId, useState } from "react";
import { confirmPopup } from "../../lib/popup";
import { BANK_ASKS, CANCEL, CARD_NUMBER_INVALID, CONFIRM, CONFIRM_PAYMENT } from "./messages";
import {
  cardBrand,
  cardNumberError,
  cvcError,
  expiryError,
  formatCardNumber,
  formatExpiry,
  testCardError,
  testPaymentMethodId,
} from "./testCards";

// The card as the payment form sees any card widget: whether it is accepted, its network, and how to
// make a payment method and finish a 3-D Secure check with it.
export function testCardWidget(values) {
  const error = testCardError(values);
  return {
    accepted: error === null,
    brand: cardBrand(values.number),
    error,
    createPaymentMethod: async () => ({ id: testPaymentMethodId(values.number) }),
    // What the bank's page would ask, as a dialog: the test gateway takes the confirmation as given.
    confirmAction: (answer) =>
      confirmPopup({
        title: CONFIRM_PAYMENT,
        text: answer.message || BANK_ASKS,
        confirmButtonText: CONFIRM,
        cancelButtonText: CANCEL,
      }),
  };
}

const digitsOnly = (text) => text.replace(/\D/g, "").slice(0, 4);

// The test gateway's card field: number, MM/YY and CVC, checked as Stripe's widget checks them. A
// complete number that is not one of the test cards is refused at once.
export default function TestCardField({ onChange, showErrors }) {
  const [values, setValues] = useState({ number: "", expiry: "", cvc: "" });
  const [touched, setTouched] = useState({});
  const id = useId();

  const change = (field, format) => (event) => {
    const next = { ...values, [field]: format(event.target.value) };
    setValues(next);
    onChange(testCardWidget(next));
  };
  const blur = (field) => () => setTouched((seen) => ({ ...seen, [field]: true }));
  const shows = (field) => showErrors || touched[field];

  const numberError = cardNumberError(values.number);
  const error =
    (numberError && (shows("number") || numberError === CARD_NUMBER_INVALID) ? numberError : null) ??
    (shows("expiry") ? expiryError(values.expiry) : null) ??
    (shows("cvc") ? cvcError(values.cvc, values.number) : null);

  return (
    <div className="test-card">
      <div className="test-card-fields">
        <div className="field test-card-number">
          <label htmlFor={`${id}-number`}>Card number</label>
          <input
            id={`${id}-number`}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={19}
            value={values.number}
            onChange={change("number", formatCardNumber)}
            onBlur={blur("number")}
            aria-invalid={Boolean(error && error === numberError)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-expiry`}>MM/YY</label>
          <input
            id={`${id}-expiry`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            value={values.expiry}
            onChange={change("expiry", formatExpiry)}
            onBlur={blur("expiry")}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-cvc`}>CVC</label>
          <input
            id={`${id}-cvc`}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            value={values.cvc}
            onChange={change("cvc", digitsOnly)}
            onBlur={blur("cvc")}
          />
        </div>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="field-hint">Test mode: pay with 4242 4242 4242 4242, any future date and any CVC.</p>
    </div>
  );
}
