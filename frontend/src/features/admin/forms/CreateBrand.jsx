import { useDispatch } from "react-redux";
import { errorPopup, successPopup } from "../../../lib/popup";
import { fetchBrands } from "../../catalog/brandsSlice";
import { AdminForm } from "./AdminForm";
import { createBrand } from "./adminFormThunks";
import { TextField } from "./FormFields";
import { CREATE, CREATE_BRAND_FAILED, CREATE_BRAND_TITLE } from "./messages";
import { useAdminForm } from "./useAdminForm";
import { createBrandErrors } from "./validators";

const EMPTY = { name: "" };

// /createbrand (SPEC.md §2 'Admin forms'). As SPEC.md §8 has it, the form empties as the call is sent;
// if the shop refuses, the name comes back beside the reason, so nothing typed is lost.
export default function CreateBrand() {
  const dispatch = useDispatch();
  const form = useAdminForm({
    initial: EMPTY,
    validate: createBrandErrors,
    send: (values, { reset }) => {
      reset();
      return dispatch(createBrand(values));
    },
    onSent: ({ message }) => {
      successPopup(message);
      // The header's BRANDS menu and the shoe forms offer the new brand.
      dispatch(fetchBrands());
    },
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
