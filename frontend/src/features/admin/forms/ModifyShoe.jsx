import { useDispatch } from "react-redux";
import { useNavigate } from "react-router";
import { errorPopup, successPopup } from "../../../lib/popup";
import { useModifyShoeMutation } from "../api";
import { shoeSelected } from "../selectionSlice";
import { AdminForm, SelectedShoeForm } from "./AdminForm";
import { SelectField, TextField } from "./FormFields";
import { MODIFY, MODIFY_SHOES_FAILED, MODIFY_SHOES_TITLE, NO_SIZE, SHOE_MODIFIED } from "./messages";
import ShoeFields from "./ShoeFields";
import { useAdminForm } from "./useAdminForm";
import { modifyShoeErrors } from "./validators";

const prefilled = (shoe) => ({
  brand: shoe.brand,
  name: shoe.name,
  color: shoe.color,
  price: String(shoe.price),
  salePrice: shoe.salePrice === null || shoe.salePrice === undefined ? "" : String(shoe.salePrice),
  size: "",
  q: "",
  description: shoe.description,
  image: null,
});

// One of the shoe's sizes, or none; choosing one puts its stock in the quantity, to be changed.
function SizeSelect({ form, stock }) {
  const options = [
    { value: "", label: NO_SIZE },
    ...stock.map((entry) => ({ value: entry.size, label: entry.size })),
  ];
  const choose = (size) => {
    const entry = stock.find((candidate) => candidate.size === size);
    return { size, q: entry ? String(entry.quantity) : "" };
  };
  return <SelectField form={form} name="size" label="Size" options={options} onChoose={choose} />;
}

function ModifyShoeForm({ shoe }) {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [modifyShoe] = useModifyShoeMutation();
  const form = useAdminForm({
    initial: prefilled(shoe),
    validate: modifyShoeErrors,
    send: (values) => modifyShoe({ id: shoe._id, values }),
    onSent: (modified) => {
      dispatch(shoeSelected(modified));
      successPopup(SHOE_MODIFIED);
      navigate("/admin");
    },
    onFailed: ({ text }) => errorPopup(MODIFY_SHOES_FAILED, { text }),
  });
  return (
    <AdminForm
      title={MODIFY_SHOES_TITLE}
      intro={
        <p className="admin-subject">
          Modifying <strong>{shoe.name}</strong> by {shoe.brand}
        </p>
      }
      form={form}
      submitLabel={MODIFY}
    >
      <ShoeFields form={form}>
        <SizeSelect form={form} stock={shoe.stock} />
        <TextField form={form} name="q" label="Quantity" inputMode="numeric" />
      </ShoeFields>
    </AdminForm>
  );
}

// /modifshoe (docs/PRODUCT.md §2 'Admin forms'): the shoe selected in the dashboard, pre-filled; after the
// change, back to /admin. The sale flag is never sent, so a shoe on sale stays on sale.
export default function ModifyShoe() {
  return <SelectedShoeForm title={MODIFY_SHOES_TITLE} form={ModifyShoeForm} />;
}
