import { useId, useState } from "react";
import FormField from "../../components/FormField";
import { errorPopup, successPopup } from "../../lib/popup";
import { formatCents } from "../../lib/money";
import AdminTable, { DeleteButton } from "./AdminTable";
import {
  useDeleteShippingMethodMutation,
  useSaveShippingMethodMutation,
  useShippingMethodsQuery,
} from "./api";
import {
  ACTIONS,
  ADD_METHOD,
  CANCEL_EDIT,
  EDIT,
  EVERYWHERE,
  METHOD_SAVED,
  NEVER,
  NO_ANSWER,
  NO_SHIPPING_METHODS,
  NOT_CHANGED,
  SAVE_METHOD,
  SHIPPING_METHODS,
} from "./messages";
import {
  EMPTY_METHOD,
  shippingMethodBody,
  shippingMethodErrors,
  shippingMethodValues,
} from "./shippingMethodForm";
import { useRowActions } from "./useAdminTable";

const HEADERS = ["Name", "Price", "Estimate", "Free from", "Serves", "Active", ACTIONS];

// A method's fields, to add one or to change the one being edited (`editing`: its id, or null).
function ShippingMethodForm({ editing, initial, onDone }) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState({});
  const [save, { isLoading }] = useSaveShippingMethodMutation();
  const id = useId();
  const field = (name, label, props = {}) => (
    <FormField
      id={`${id}-${name}`}
      name={name}
      label={label}
      type="text"
      value={values[name]}
      error={errors[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      {...props}
    />
  );

  const submit = async (event) => {
    event.preventDefault();
    const found = shippingMethodErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { error } = await save({ id: editing, body: shippingMethodBody(values) });
    if (error) {
      // The server's word on a field shows under it, as the browser's would.
      setErrors(
        Object.fromEntries(Object.entries(error.fields).map(([name, said]) => [name, [said].flat()[0]])),
      );
      errorPopup(NOT_CHANGED, { text: error.status ? error.message : NO_ANSWER });
      return;
    }
    successPopup(METHOD_SAVED);
    setValues(EMPTY_METHOD);
    onDone();
  };

  return (
    <form className="admin-inline-form" onSubmit={submit} noValidate aria-label={editing ? EDIT : ADD_METHOD}>
      {field("name", "Method name")}
      {field("price", "Price ($)", { inputMode: "decimal" })}
      {field("estimate", "Delivery estimate")}
      {field("freeAbove", "Free from ($, empty: never)", { inputMode: "decimal" })}
      {field("regions", "Serves (US, US-CA, DE; empty: everywhere)")}
      <label className="admin-check">
        <input
          type="checkbox"
          checked={values.active}
          onChange={(event) => setValues((current) => ({ ...current, active: event.target.checked }))}
        />
        Active
      </label>
      <div className="admin-actions">
        <button type="submit" className="button" disabled={isLoading}>
          {editing ? SAVE_METHOD : ADD_METHOD}
        </button>
        {editing && (
          <button type="button" className="button button-quiet" onClick={onDone}>
            {CANCEL_EDIT}
          </button>
        )}
      </div>
    </form>
  );
}

// The shipping methods the cart offers (issue 30): every one, inactive too, each editable in place; a new one added
// under the table. The shop has few, so the table is not paged.
export default function ShippingMethodsTable() {
  const query = useShippingMethodsQuery();
  const [deleteMethod] = useDeleteShippingMethodMutation();
  const { isBusy, confirmedDelete } = useRowActions();
  const [editing, setEditing] = useState(null);
  const methods = query.data ?? [];
  const edited = methods.find((method) => method.id === editing);

  const renderRow = (method) => (
    <tr key={method.id}>
      <td>{method.name}</td>
      <td>{formatCents(method.price)}</td>
      <td>{method.estimate}</td>
      <td>{method.freeAbove === null ? NEVER : formatCents(method.freeAbove)}</td>
      <td>{method.regions.length ? method.regions.join(", ") : EVERYWHERE}</td>
      <td>{method.active ? "Yes" : "No"}</td>
      <td>
        <div className="admin-actions">
          <button type="button" className="button button-small" onClick={() => setEditing(method.id)}>
            {EDIT}
          </button>
          <DeleteButton
            busy={isBusy(method.id)}
            onClick={() => confirmedDelete(method.id, () => deleteMethod(method.id))}
          />
        </div>
      </td>
    </tr>
  );

  return (
    <AdminTable
      query={query}
      rows={methods}
      count={methods.length}
      title={SHIPPING_METHODS}
      headers={HEADERS}
      renderRow={renderRow}
      empty={NO_SHIPPING_METHODS}
      paged={false}
    >
      <ShippingMethodForm
        key={editing ?? "new"}
        editing={edited ? editing : null}
        initial={edited ? shippingMethodValues(edited) : EMPTY_METHOD}
        onDone={() => setEditing(null)}
      />
    </AdminTable>
  );
}
