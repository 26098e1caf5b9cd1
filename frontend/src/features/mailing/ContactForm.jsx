import { useId, useState } from "react";
import { useDispatch, useSelector } from "react-redux";
import { contactEdited, selectContact, sendContactMessage } from "./mailingSlice";
import { CONTACT_MESSAGE_LENGTH, CONTACT_THANKS, TOO_MANY_TRIES } from "./messages";
import { contactErrors } from "./validators";

const EMPTY = { name: "", email: "", message: "" };

function Field({ id, label, error, children }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

// The contact form: name, email and a message of 20 to 500 characters, checked here as the server
// checks them. It is sent only without errors; once the shop has it, the form empties and says so.
export default function ContactForm() {
  const dispatch = useDispatch();
  const { status, error } = useSelector(selectContact);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState({});
  const [checked, setChecked] = useState(false);
  const id = useId();

  // After a first try, each change is checked again, so a fixed field loses its message at once.
  const change = (field) => (event) => {
    const next = { ...form, [field]: event.target.value };
    setForm(next);
    if (checked) setErrors(contactErrors(next));
    if (status !== "idle") dispatch(contactEdited());
  };

  const submit = async (event) => {
    event.preventDefault();
    const found = contactErrors(form);
    setChecked(true);
    setErrors(found);
    if (Object.keys(found).length) return;
    const result = await dispatch(sendContactMessage(form));
    if (sendContactMessage.fulfilled.match(result)) {
      setForm(EMPTY);
      setChecked(false);
    }
  };

  // The browser's own check first; else what the server refused.
  const shown = Object.fromEntries(
    Object.keys(EMPTY).map((field) => [field, errors[field] ?? error?.fields?.[field]?.[0]]),
  );
  const fieldProps = (field) => {
    const message = shown[field];
    return {
      id: `${id}-${field}`,
      value: form[field],
      onChange: change(field),
      "aria-invalid": Boolean(message),
      "aria-describedby": message ? `${id}-${field}-error` : undefined,
    };
  };
  const messageLength = form.message.trim().length;

  return (
    <form className="contact-form" onSubmit={submit} noValidate>
      <Field id={`${id}-name`} label="Name" error={shown.name}>
        <input type="text" autoComplete="name" maxLength={80} {...fieldProps("name")} />
      </Field>
      <Field id={`${id}-email`} label="Email" error={shown.email}>
        <input type="email" autoComplete="email" {...fieldProps("email")} />
      </Field>
      <Field id={`${id}-message`} label="Message" error={shown.message}>
        <textarea rows={6} {...fieldProps("message")} />
      </Field>
      <p className="field-hint" aria-live="polite">
        {messageLength} / {CONTACT_MESSAGE_LENGTH.max} characters (at least {CONTACT_MESSAGE_LENGTH.min})
      </p>
      <button type="submit" className="button" disabled={status === "sending"}>
        Send
      </button>
      {status === "sent" && (
        <p className="form-note" role="status">
          {CONTACT_THANKS}
        </p>
      )}
      {status === "failed" && Object.keys(error?.fields ?? {}).length === 0 && (
        <p className="field-error" role="alert">
          {error?.status === 429 ? TOO_MANY_TRIES : "Your message could not be sent. Please try again."}
        </p>
      )}
    </form>
  );
}
