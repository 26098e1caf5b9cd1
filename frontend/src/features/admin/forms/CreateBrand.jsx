import { errorPopup, successPopup } from "../../../lib/popup";
import { useCreateBrandMutation } from "../api";
import { AdminForm } from "./AdminForm";
import { TextField } from "./FormFields";
import { CREATE, CREATE_BRAND_FAILED, CREATE_BRAND_TITLE } from "./messages";
import { useAdminForm } from "./useAdminForm";
import { createBrandErrors } from "./validators";

const EMPTY = { name: "" };

// /createbrand (docs/PRODUCT.md §2 'Admin forms'). As docs/PRODUCT.md §8 has it, the form empties as the
// call is sent; if the shop refuses, the name comes back beside the reason, so nothing typed is lost.
// The header's BRANDS menu and the shoe forms then offer the new brand (the API asks them again).
export default function CreateBrand() {
  const [createBrand] = useCreateBrandMutation();
  const form = useAdminForm({
    initial: EMPTY,
    validate: createBrandErrors,
    send: (values, { reset }) => {
      reset();
      return createBrand(values);
    },
    onSent: ({ message }) => successPopup(message),
    onFailed: ({ text }, values, { setValues }) => {
      setValues(values);
      errorPopup(CREATE_BRAND_FAILED, { text });
    },
  });
  return (
    <AdminForm title={CREATE_BRAND_TITLE} form={form} submitLabel={CREATE}>
      <TextField form={form} name="name" label="Brand name" />
    </AdminForm>
  );
}
