import { useId, useState } from "react";

const hasAny = (errors) => Object.keys(errors).length > 0;

// An admin form's state, kept in React: its values, the browser's messages (checked on submit, then on
// every change) and the server's field messages (until that field is edited). On submit it validates
// first and calls send only when there is no error (docs/PRODUCT.md §2 'Admin forms').
//
// send(values, form) makes the request (an API mutation; it settles as {data} or {error});
// onSent(answer, values, form) and onFailed(refusal, values, form) follow it. refusal.text is what
// the fields do not show already.
export function useAdminForm({ initial, validate, send, onSent, onFailed }) {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState({});
  const [serverErrors, setServerErrors] = useState({});
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  // A file input cannot be emptied by its value: a new key draws a new, empty one.
  const [generation, setGeneration] = useState(0);

  const fieldId = (field) => `${id}-${field}`;

  // patch: {field: value, ...}
  const change = (patch) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (checked) setErrors(validate(next));
    setServerErrors((shown) => {
      const kept = { ...shown };
      for (const field of Object.keys(patch)) delete kept[field];
      return kept;
    });
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
    setChecked(false);
    setGeneration((count) => count + 1);
  };

  const form = { values, setValues, reset };

  const submit = async (event) => {
    event.preventDefault();
    if (sending) return;
    const found = validate(values);
    setChecked(true);
    setErrors(found);
    setServerErrors({});
    if (hasAny(found)) {
      document.getElementById(fieldId(Object.keys(found)[0]))?.focus();
      return;
    }
    setSending(true);
    const { data, error } = await send(values, form);
    setSending(false);
    if (!error) {
      onSent?.(data, values, form);
      return;
    }
    const own = Object.fromEntries(Object.entries(error.fields ?? {}).filter(([field]) => field in initial));
    setServerErrors(own);
    onFailed?.({ ...error, text: hasAny(own) ? undefined : error.message }, values, form);
  };

  const errorOf = (field) => errors[field] ?? serverErrors[field]?.[0] ?? null;

  return { values, change, reset, submit, sending, generation, fieldId, errorOf };
}
