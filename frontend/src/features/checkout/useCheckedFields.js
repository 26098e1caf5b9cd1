import { useState } from "react";
import { fieldError } from "./validators";

// The payment form's address fields as a form holds them: their values and messages, each field checked by the
// payment form's rules (validators.js) on each key press and on blur; `onFieldChange(field, value)` hears each
// value typed. `fieldProps(field, autoComplete)` are a FormField's.
export function useCheckedFields(initial, onFieldChange) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState({});

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

  return { values, setValues, errors, setErrors, fieldProps };
}
