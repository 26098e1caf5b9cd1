import { useDispatch } from "react-redux";
import { errorPopup, successPopup } from "../../../lib/popup";
import { useAddSizeMutation } from "../api";
import { shoeSelected } from "../selectionSlice";
import { AdminForm, SelectedShoeForm } from "./AdminForm";
import { TextField } from "./FormFields";
import { CREATE, CREATE_SIZE_FAILED, CREATE_SIZE_TITLE } from "./messages";
import { useAdminForm } from "./useAdminForm";
import { createSizeErrors } from "./validators";

const EMPTY = { size: "", q: "" };

const stockLine = (stock) =>
  stock.length ? stock.map((entry) => `${entry.size} (${entry.quantity})`).join(", ") : "none yet";

function CreateSizeForm({ shoe }) {
  const dispatch = useDispatch();
  const [addSize] = useAddSizeMutation();
  const form = useAdminForm({
    initial: EMPTY,
    validate: createSizeErrors,
    send: (values) => addSize({ id: shoe._id, ...values }),
    onSent: ({ message, shoe: changed }, _, { reset }) => {
      reset();
      dispatch(shoeSelected(changed));
      successPopup(message);
    },
    onFailed: ({ text }) => errorPopup(CREATE_SIZE_FAILED, { text }),
  });
  return (
    <AdminForm
      title={CREATE_SIZE_TITLE}
      intro={
        <p className="admin-subject">
          For <strong>{shoe.name}</strong> by {shoe.brand}. Sizes (pairs): {stockLine(shoe.stock)}
        </p>
      }
      form={form}
      submitLabel={CREATE}
    >
      <TextField form={form} name="size" label="Size" inputMode="decimal" />
      <TextField form={form} name="q" label="Quantity" inputMode="numeric" />
    </AdminForm>
  );
}

// /createsize (docs/PRODUCT.md §2 'Admin forms'): a size, or more pairs of one, for the shoe selected in the
// dashboard; the server's answer says which.
export default function CreateSize() {
  return <SelectedShoeForm title={CREATE_SIZE_TITLE} form={CreateSizeForm} />;
}
