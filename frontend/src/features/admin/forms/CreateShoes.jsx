import { errorPopup, successPopup } from "../../../lib/popup";
import { useCreateShoeMutation } from "../api";
import { AdminForm } from "./AdminForm";
import { TextField } from "./FormFields";
import { CREATE, CREATE_SHOES_FAILED, CREATE_SHOES_TITLE, SHOE_ADDED } from "./messages";
import ShoeFields from "./ShoeFields";
import { useAdminForm } from "./useAdminForm";
import { createShoeErrors } from "./validators";

const EMPTY = {
  brand: "",
  name: "",
  color: "",
  price: "",
  salePrice: "",
  size: "",
  q: "",
  description: "",
  image: null,
};

// /createshoes (docs/PRODUCT.md §2 'Admin forms'): a new shoe with its first size; the form empties once the
// shop has it.
export default function CreateShoes() {
  const [createShoe] = useCreateShoeMutation();
  const form = useAdminForm({
    initial: EMPTY,
    validate: createShoeErrors,
    send: (values) => createShoe(values),
    onSent: (_, __, { reset }) => {
      reset();
      successPopup(SHOE_ADDED);
    },
    onFailed: ({ text }) => errorPopup(CREATE_SHOES_FAILED, { text }),
  });
  return (
    <AdminForm title={CREATE_SHOES_TITLE} documentTitle="Create Shoes" form={form} submitLabel={CREATE}>
      <ShoeFields form={form}>
        <TextField form={form} name="size" label="Size" inputMode="decimal" />
        <TextField form={form} name="q" label="Quantity" inputMode="numeric" />
      </ShoeFields>
    </AdminForm>
  );
}
