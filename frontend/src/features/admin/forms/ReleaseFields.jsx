import { SelectField, TextField } from "./FormFields";
import { RELEASE_KINDS, YES_NO } from "./releaseForm";

// The release form's fields (docs/PRODUCT.md §10), for creating one and for changing it before it opens.
export default function ReleaseFields({ form }) {
  return (
    <>
      <TextField form={form} name="name" label="Name" />
      <SelectField form={form} name="kind" label="Kind" options={RELEASE_KINDS} />
      <TextField form={form} name="announceAt" label="Announced at" type="datetime-local" />
      <TextField form={form} name="opensAt" label="Opens at" type="datetime-local" />
      <TextField form={form} name="closesAt" label="Closes at" type="datetime-local" />
      <TextField form={form} name="sizes" label="Sizes and pairs" placeholder="9: 20, 10: 30" />
      <TextField form={form} name="perPersonLimit" label="Pairs per person" inputMode="numeric" />
      <TextField
        form={form}
        name="minAccountAgeDays"
        label="Accounts older than (days)"
        inputMode="numeric"
      />
      <SelectField form={form} name="requireVerifiedEmail" label="Verified email required" options={YES_NO} />
    </>
  );
}
