import { useId, useState } from "react";
import FormField from "../../components/FormField";
import { errorPopup } from "../../lib/popup";
import { ADDRESS_DEFAULT_BOX, ADDRESS_SAVE, CANCEL } from "./messages";
import { addressFields, ADDRESS_FIELDS } from "./savedAddresses";
import { fieldError, paymentErrors } from "./validators";

// One address of the book, new or kept (`saved`), with the payment form's fields, rules and messages
// (validators.js): checked on each key press and on blur, and whole when sent. `onSave(fields)` sends it and
// settles with unwrap(): a field the server refuses shows its message under the field, any other refusal a popup.
// `withDefaultBox` offers to make it the default.
export default function AddressForm({ saved, title, withDefaultBox, onSave, onCancel }) {
  const [values, setValues] = useState(() => addressFields(saved));
  const [errors, setErrors] = useState({});
  const [makeDefault, setMakeDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();

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
    const found = paymentErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || busy) return;
    const fields = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, values[field].trim()]));
    setBusy(true);
    try {
      await onSave(makeDefault ? { ...fields, isDefault: true } : fields);
    } catch (refusal) {
      const mine = Object.fromEntries(
        Object.entries(refusal?.fields ?? {}).filter(([field]) => ADDRESS_FIELDS.includes(field)),
      );
      if (Object.keys(mine).length > 0) {
        setErrors(
          Object.fromEntries(Object.entries(mine).map(([field, messages]) => [field, [messages].flat()[0]])),
        );
      } else {
        errorPopup(refusal?.message ?? String(refusal));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="account-form address-form" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h3 id={`${id}-title`} className="address-form-title">
        {title}
      </h3>
      <FormField label="Name" {...fieldProps("name", "name")} />
      <FormField label="State" {...fieldProps("state", "address-level1")} />
      <FormField label="City" {...fieldProps("city", "address-level2")} />
      <FormField label="Line 1" {...fieldProps("line1", "address-line1")} />
      <FormField label="Postal code" {...fieldProps("postalCode", "postal-code")} />
      {withDefaultBox && (
        <label className="field-check">
          <input
            type="checkbox"
            checked={makeDefault}
            onChange={(event) => setMakeDefault(event.target.checked)}
          />
          {ADDRESS_DEFAULT_BOX}
        </label>
      )}
      <div className="address-form-actions">
        <button type="submit" className="button" disabled={busy}>
          {ADDRESS_SAVE}
        </button>
        <button type="button" className="button button-quiet" onClick={onCancel}>
          {CANCEL}
        </button>
      </div>
    </form>
  );
}
