import { useId, useState } from "react";
import { useSelector } from "react-redux";
import FormField from "../../components/FormField";
import { selectUser } from "../../lib/session";
import CardField from "./CardField";
import CardLogos from "./CardLogos";
import { PAY, PAYING } from "./messages";
import { usePay } from "./usePay";
import { billingDetails, fieldError, paymentErrors } from "./validators";

const EMPTY = { name: "", state: "", city: "", line1: "", postalCode: "" };
const NO_CARD = { accepted: false, brand: null, error: null };

// The payment form of the cart (docs/PRODUCT.md §2, §5): the cardholder and the billing address, each
// field checked on every key press and on blur, and the card widget holding the postal code. Paying
// goes on only for a signed-in user, with every field valid, the card accepted and something to pay
// (`canPay`: the cart is not empty, its total is above 0 and no line is flagged); it pays for the
// cart's `items` and their total, `amount` (cents), and hands the paid order to `onPaid`.
export default function PaymentForm({ items, amount, canPay, onPaid }) {
  const user = useSelector(selectUser);
  const { payWith, turnVisitorAway, paying: underway } = usePay({ items, amount, onPaid });
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [card, setCard] = useState(NO_CARD);
  const [tried, setTried] = useState(false);
  const [paying, setPaying] = useState(false);
  const id = useId();
  const busy = paying || underway;

  const check = (field) => (event) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: fieldError(field, value) }));
  };
  const fieldProps = (field, autoComplete) => ({
    type: "text",
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
      <FormField label="Cardholder name" {...fieldProps("name", "cc-name")} />
      <FormField label="State" {...fieldProps("state", "address-level1")} />
      <FormField label="City" {...fieldProps("city", "address-level2")} />
      <FormField label="Line 1" {...fieldProps("line1", "address-line1")} />
      <fieldset className="card-box">
        <legend>Card</legend>
        <CardLogos brand={card.brand} />
        <CardField onChange={setCard} showErrors={tried} />
        <FormField label="Postal code" {...fieldProps("postalCode", "postal-code")} />
      </fieldset>
      <button type="submit" className="button button-buy button-pay" disabled={!canPay || busy}>
        {busy ? PAYING : PAY}
      </button>
    </form>
  );
}
