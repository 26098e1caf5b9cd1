import { useId } from "react";

// A labelled control with its message under it, and its hint when it has one: the one field of every
// form of the shop. The control gets its id, aria-invalid and aria-describedby (the message, else the
// hint); `as` names it ("input", "textarea", "select"), and the other props are the control's own.
export default function FormField({
  id,
  label,
  error,
  hint,
  as: Control = "input",
  className = "field",
  children,
  ...control
}) {
  const ownId = useId();
  const controlId = id ?? ownId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  let describedBy;
  if (error) describedBy = errorId;
  else if (hint) describedBy = hintId;
  return (
    <div className={className}>
      <label htmlFor={controlId}>{label}</label>
      <Control id={controlId} aria-invalid={Boolean(error)} aria-describedby={describedBy} {...control}>
        {children}
      </Control>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
