import { useId, useState } from "react";
import FormField from "../../components/FormField";
import CardField from "./CardField";
import CardLogos from "./CardLogos";
import { billingDetails, fieldError, paymentErrors } from "./validators";

const EMPTY = { name: "", state: "", city: "", line1: "", postalCode: "" };
const NO_CARD = { accepted: false, brand: null, error: null };

// The payment form's fields and rules (docs/PRODUCT.md §5) for another screen that takes a card and a shipping
// address, as a draw's entry does: the cardholder and the address checked on each key press and on blur, the card
// widget of the shop's gateway (Stripe's, or the test gateway's with its 3-D Secure dialog). `children` come first
// (a size, say); once every field is valid and the card accepted, `onSubmit(card, billing)` gets the card widget
// (createPaymentMethod, confirmAction) and the billing details. `mayCheck()` may stop a press before the fields are
// checked (the cart's: nothing to pay, or a visitor); `disabled` greys the button out; `onFieldChange(field, value)`
// hears each field as it is typed.
export default function CardAddressForm({
  title,
  Heading = "h3",
  submitLabel,
  busyLabel,
  busy,
  disabled = false,
  mayCheck = () => true,
  onFieldChange,
  onSubmit,
  children,
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [card, setCard] = useState(NO_CARD);
  const [tried, setTried] = useState(false);
  const id = useId();

  const check = (field) => (event) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: fieldError(field, value) }));
    onFieldChange?.(field, value);
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

  const submit = (event) => {
    event.preventDefault();
    if (disabled || busy || !mayCheck()) return;
    const found = paymentErrors(values);
    setErrors(found);
    setTried(true);
    if (Object.keys(found).length > 0 || !card.accepted) return;
    onSubmit(card, billingDetails(values));
  };

  return (
    <form className="payment-form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <Heading id={`${id}-title`} className="section-title">
        {title}
      </Heading>
      {children}
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
      <button type="submit" className="button button-buy button-pay" disabled={disabled || busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
