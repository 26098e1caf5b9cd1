import FormField from "../../../components/FormField";
import { IMAGE_TYPES } from "./validators";

// The shop's form field (components/FormField), bound to an admin form's state (useAdminForm): its
// value, its change, and the browser's or the server's message under it.
function boundProps(form, name, label) {
  return { id: form.fieldId(name), name, label, error: form.errorOf(name) };
}

// A text input, or a textarea when multiline.
export function TextField({ form, name, label, multiline = false, ...rest }) {
  return (
    <FormField
      {...boundProps(form, name, label)}
      {...(multiline ? { as: "textarea", rows: 4 } : { type: "text" })}
      {...rest}
      value={form.values[name]}
      onChange={(event) => form.change({ [name]: event.target.value })}
    />
  );
}

// A choice among `options` ([{value, label}]); choosing may change other fields too (`onChoose`
// gives the patch).
export function SelectField({ form, name, label, options, onChoose = (value) => ({ [name]: value }) }) {
  return (
    <FormField
      {...boundProps(form, name, label)}
      as="select"
      value={form.values[name]}
      onChange={(event) => form.change(onChoose(event.target.value))}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FormField>
  );
}

// A picture to upload; its value is the File, or null. A new generation of the form draws an empty one.
export function ImageField({ form, name = "image", label = "Image" }) {
  return (
    <FormField
      key={form.generation}
      {...boundProps(form, name, label)}
      type="file"
      accept={IMAGE_TYPES.join(",")}
      onChange={(event) => form.change({ [name]: event.target.files[0] ?? null })}
    />
  );
}
