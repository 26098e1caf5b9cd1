import { IMAGE_TYPES } from "./validators";

// A labelled control of an admin form with its message under it.
export function Field({ form, name, label, children }) {
  const id = form.fieldId(name);
  const error = form.errorOf(name);
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

// A text input, or a textarea when multiline.
export function TextField({ form, name, label, multiline = false, ...rest }) {
  const Control = multiline ? "textarea" : "input";
  return (
    <Field form={form} name={name} label={label}>
      <Control
        {...(multiline ? { rows: 4 } : { type: "text" })}
        {...rest}
        {...form.controlProps(name)}
        value={form.values[name]}
        onChange={(event) => form.change({ [name]: event.target.value })}
      />
    </Field>
  );
}

// A picture to upload; its value is the File, or null.
export function ImageField({ form, name = "image", label = "Image" }) {
  return (
    <Field form={form} name={name} label={label}>
      <input
        key={form.generation}
        type="file"
        accept={IMAGE_TYPES.join(",")}
        {...form.controlProps(name)}
        onChange={(event) => form.change({ [name]: event.target.files[0] ?? null })}
      />
    </Field>
  );
}
