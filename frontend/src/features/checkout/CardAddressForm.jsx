import { useEffect, useEffectEvent, useId, useState } from "react";
import FormField from "../../components/FormField";
import CardField from "./CardField";
import CardLogos from "./CardLogos";
import { NEW_ADDRESS, SAVE_THIS_ADDRESS, SAVED_ADDRESS_LABEL } from "./messages";
import {
  addressFields,
  addressLabel,
  ADDRESS_FIELDS,
  defaultAddress,
  EMPTY_ADDRESS as EMPTY,
  sameAddress,
  savedMatching,
} from "./savedAddresses";
import { billingDetails, fieldError, paymentErrors } from "./validators";

const NO_CARD = { accepted: false, brand: null, error: null };

// The payment form's fields and rules (docs/PRODUCT.md §5) for another screen that takes a card and a shipping
// address, as a draw's entry does: the cardholder and the address checked on each key press and on blur, the card
// widget of the shop's gateway (Stripe's, or the test gateway's with its 3-D Secure dialog). `children` come first
// (a size, say); once every field is valid and the card accepted, `onSubmit(card, billing)` gets the card widget
// (createPaymentMethod, confirmAction) and the billing details. `mayCheck()` may stop a press before the fields are
// checked (the cart's: nothing to pay, or a visitor); `disabled` greys the button out; `onFieldChange(field, value)`
// hears each field as it is typed. `savedAddresses` (the shopper's address book) adds a picker that fills the fields,
// the default picked at the start; `offerSave` a "Save this address" box for an address not in the book, whose
// choice onSubmit gets as its third argument ({saveAddress}).
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
  savedAddresses = [],
  offerSave = false,
  children,
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [card, setCard] = useState(NO_CARD);
  const [tried, setTried] = useState(false);
  const [save, setSave] = useState(false);
  const id = useId();

  // The picker shows the saved address the fields are, or "A new address" once they are changed.
  const picked = savedMatching(savedAddresses, values);
  const choose = (event) => {
    const chosen = savedAddresses.find((saved) => String(saved._id) === event.target.value);
    const fields = chosen ? addressFields(chosen) : EMPTY;
    setValues(fields);
    setErrors({});
    for (const field of ADDRESS_FIELDS) onFieldChange?.(field, fields[field]);
  };
  // The book comes after the form is drawn: its default fills the fields, unless the shopper began typing (set
  // while rendering, once; the owner hears of it after).
  const fallback = defaultAddress(savedAddresses);
  const [prefilled, setPrefilled] = useState(undefined);
  if (prefilled === undefined && fallback) {
    const fields = sameAddress(values, EMPTY) ? addressFields(fallback) : null;
    setPrefilled(fields);
    if (fields) setValues(fields);
  }
  const tell = useEffectEvent((fields) => {
    for (const field of ADDRESS_FIELDS) onFieldChange?.(field, fields[field]);
  });
  useEffect(() => {
    if (prefilled) tell(prefilled);
  }, [prefilled]);

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
    onSubmit(card, billingDetails(values), { saveAddress: offerSave && !picked && save });
  };

  return (
    <form className="payment-form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <Heading id={`${id}-title`} className="section-title">
        {title}
      </Heading>
      {children}
      {savedAddresses.length > 0 && (
        <FormField
          label={SAVED_ADDRESS_LABEL}
          as="select"
          value={picked ? String(picked._id) : ""}
          onChange={choose}
        >
          {savedAddresses.map((saved) => (
            <option key={saved._id} value={String(saved._id)}>
              {addressLabel(saved)}
            </option>
          ))}
          <option value="">{NEW_ADDRESS}</option>
        </FormField>
      )}
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
      {offerSave && !picked && (
        <label className="field-check">
          <input type="checkbox" checked={save} onChange={(event) => setSave(event.target.checked)} />
          {SAVE_THIS_ADDRESS}
        </label>
      )}
      <button type="submit" className="button button-buy button-pay" disabled={disabled || busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}
