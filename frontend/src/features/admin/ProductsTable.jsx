import { useEffect } from "react";
import { useDispatch, useSelector } from "react-redux";
import { Link } from "react-router";
import { formatPrice } from "../../lib/money";
import AdminTable, { DeleteButton, Switch } from "./AdminTable";
import {
  ACTIONS,
  ALL_SHOES,
  CREATE_SIZE,
  MODIFY,
  NO_PRODUCTS,
  ON_SALE,
  PRODUCTS,
  SELECT,
  selectedNote,
} from "./messages";
import {
  deleteShoe,
  fetchProduct,
  fetchProductsPage,
  PRODUCTS_PAGE_SIZE,
  productsPageChanged,
  selectProducts,
  setOnSale,
} from "./productsSlice";
import { selectSelectedShoe, shoeCleared, shoeSelected } from "./selectionSlice";
import { useConfirmedDelete, useRowAction, useTableLoad } from "./useAdminTable";

const HEADERS = ["Name", "Brand", "Price", ON_SALE, ACTIONS];

// Products, 5 a page, newest first: put a shoe on sale or take it off, delete it once confirmed, or
// select it. Selecting narrows the table to that shoe and offers Modify and Create size for it
// (SPEC.md §2, §4); All shoes clears the selection and brings the page back.
export default function ProductsTable() {
  const dispatch = useDispatch();
  const table = useSelector(selectProducts);
  const selected = useSelector(selectSelectedShoe);
  const { narrowedTo, products } = table;
  // The page, or only the selected shoe.
  const load = useTableLoad(
    table,
    productsPageChanged,
    narrowedTo === null ? fetchProductsPage : fetchProduct,
    narrowedTo === null ? table.offset : narrowedTo,
  );
  const act = useRowAction();
  const confirmedDelete = useConfirmedDelete();

  // The forms work on the selected shoe as the server has it now (a size added since, say); one
  // deleted elsewhere is no longer selected.
  const [fresh] = narrowedTo === null ? [] : products;
  const gone = narrowedTo !== null && table.status === "failed" && table.error?.status === 404;
  useEffect(() => {
    if (gone) dispatch(shoeCleared());
    else if (fresh && selected && fresh !== selected && fresh._id === selected._id)
      dispatch(shoeSelected(fresh));
  }, [dispatch, gone, fresh, selected]);

  const remove = async (shoe) => {
    const deleted = await confirmedDelete(deleteShoe, shoe._id);
    if (deleted && shoe._id === selected?._id) dispatch(shoeCleared());
  };

  const renderRow = (shoe) => (
    <tr key={shoe._id}>
      <td>{shoe.name}</td>
      <td>{shoe.brand}</td>
      <td>{formatPrice(shoe.price)}</td>
      <td>
        <Switch
          label={ON_SALE}
          checked={shoe.onSale}
          disabled={table.busy.includes(String(shoe._id))}
          onChange={() => act(setOnSale, { id: shoe._id, onSale: !shoe.onSale })}
        />
      </td>
      <td>
        <div className="admin-actions">
          {shoe._id === narrowedTo ? (
            <>
              <Link to="/modifshoe" className="button button-small">
                {MODIFY}
              </Link>
              <Link to="/createsize" className="button button-small">
                {CREATE_SIZE}
              </Link>
            </>
          ) : (
            <button
              type="button"
              className="button button-small"
              onClick={() => dispatch(shoeSelected(shoe))}
            >
              {SELECT}
            </button>
          )}
          <DeleteButton busy={table.busy.includes(String(shoe._id))} onClick={() => remove(shoe)} />
        </div>
      </td>
    </tr>
  );

  return (
    <AdminTable
      {...load}
      title={PRODUCTS}
      headers={HEADERS}
      rows={products}
      renderRow={renderRow}
      step={PRODUCTS_PAGE_SIZE}
      empty={NO_PRODUCTS}
      paged={narrowedTo === null}
    >
      {narrowedTo !== null && (
        <div className="admin-selection">
          {selected && <p>{selectedNote(selected.name)}</p>}
          <button type="button" className="button button-small" onClick={() => dispatch(shoeCleared())}>
            {ALL_SHOES}
          </button>
        </div>
      )}
    </AdminTable>
  );
}
