import { useState } from "react";
import FormField from "../../components/FormField";
import { useSendContactMessageMutation } from "./api";
import { CONTACT_MESSAGE_LENGTH, CONTACT_THANKS, TOO_MANY_TRIES } from "./messages";
import { contactErrors } from "./validators";

const EMPTY = { name: "", email: "", message: "" };

// The contact form: name, email and a message of 20 to 500 characters, checked here as the server
// checks them. It is sent only without errors; once the shop has it, the form empties and says so.
export default function ContactForm() {
  const [send, sending] = useSendContactMessageMutation();
  const { error } = sending;
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [checked, setChecked] = useState(false);

  // After a first try, each change is checked again, so a fixed field loses its message at once.
  const change = (field) => (event) => {
    const next = { ...form, [field]: event.target.value };
    setForm(next);
    if (checked) setErrors(contactErrors(next));
    // The form was typed in again: the last answer no longer applies.
    if (!sending.isUninitialized) sending.reset();
  };

  const submit = async (event) => {
    event.preventDefault();
    const found = contactErrors(form);
    setChecked(true);
    setErrors(found);
    if (Object.keys(found).length) return;
    const { error: refused } = await send(form);
    if (!refused) {
      setForm(EMPTY);
      setChecked(false);
    }
  };

  // The browser's own check first; else what the server refused.
  const shown = Object.fromEntries(
    Object.keys(EMPTY).map((field) => [field, errors[field] ?? error?.fields?.[field]?.[0]]),
  );
  const fieldProps = (field) => ({ value: form[field], error: shown[field], onChange: change(field) });
  const messageLength = form.message.trim().length;

  return (
    <form className="contact-form" onSubmit={submit} noValidate>
      <FormField label="Name" type="text" autoComplete="name" maxLength={80} {...fieldProps("name")} />
      <FormField label="Email" type="email" autoComplete="email" {...fieldProps("email")} />
      <FormField label="Message" as="textarea" rows={6} {...fieldProps("message")} />
      <p className="field-hint" aria-live="polite">
        {messageLength} / {CONTACT_MESSAGE_LENGTH.max} characters (at least {CONTACT_MESSAGE_LENGTH.min})
      </p>
      <button type="submit" className="button" disabled={sending.isLoading}>
        Send
      </button>
      {sending.isSuccess && (
        <p className="form-note" role="status">
          {CONTACT_THANKS}
        </p>
      )}
      {sending.isError && Object.keys(error?.fields ?? {}).length === 0 && (
        <p className="field-error" role="alert">
          {error?.status === 429 ? TOO_MANY_TRIES : "Your message could not be sent. Please try again."}
        </p>
      )}
    </form>
  );
}
