import { useId, useState } from "react";
import { useSelector } from "react-redux";
import { selectUser } from "../account/accountSlice";
import { selectCheckout } from "../cart/cartSlice";
import CardField from "./CardField";
import CardLogos from "./CardLogos";
import { PAY, PAYING } from "./messages";
import { usePay } from "./usePay";
import { billingDetails, fieldError, paymentErrors } from "./validators";

const EMPTY = { name: "", state: "", city: "", line1: "", postalCode: "" };
const NO_CARD = { accepted: false, brand: null, error: null };

function Field({ id, label, error, ...input }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

// The payment form of the cart (SPEC.md §2, §5): the cardholder and the billing address, each field
// checked on every key press and on blur, and the card widget holding the postal code. Paying goes
// on only for a signed-in user, with every field valid, the card accepted and something to pay
// (`canPay`: the cart is not empty, its total is above 0 and no line is flagged).
export default function PaymentForm({ canPay }) {
  const user = useSelector(selectUser);
  const { status } = useSelector(selectCheckout);
  const { payWith, turnVisitorAway } = usePay();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [card, setCard] = useState(NO_CARD);
  const [tried, setTried] = useState(false);
  const [paying, setPaying] = useState(false);
  const id = useId();
  const busy = paying || status === "paying";

  const check = (field) => (event) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: fieldError(field, value) }));
  };
  const fieldProps = (field, autoComplete) => ({
    id: `${id}-${field}`,
    value: values[field],
    error: errors[field],
    autoComplete,
    maxLength: 60,
    onChange: check(field),
    onBlur: check(field),
  });

  const submit = async (event) => {
    event.preventDefault();
    if (!canPay || busy) return;
    if (!user) {
      turnVisitorAway();
      return;
    }
    const found = paymentErrors(values);
    setErrors(found);
    setTried(true);
    if (Object.keys(found).length > 0 || !card.accepted) return;
    setPaying(true);
    try {
      await payWith(card, billingDetails(values));
    } finally {
      setPaying(false);
    }
  };

  return (
    <form className="payment-form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 id={`${id}-title`} className="section-title">
        PAYMENT
      </h2>
      <Field label="Cardholder name" {...fieldProps("name", "cc-name")} />
      <Field label="State" {...fieldProps("state", "address-level1")} />
      <Field label="City" {...fieldProps("city", "address-level2")} />
      <Field label="Line 1" {...fieldProps("line1", "address-line1")} />
      <fieldset className="card-box">
        <legend>Card</legend>
        <CardLogos brand={card.brand} />
        <CardField onChange={setCard} showErrors={tried} />
        <Field label="Postal code" {...fieldProps("postalCode", "postal-code")} />
      </fieldset>
      <button type="submit" className="button button-buy button-pay" disabled={!canPay || busy}>
        {busy ? PAYING : PAY}
      </button>
    </form>
  );
}
