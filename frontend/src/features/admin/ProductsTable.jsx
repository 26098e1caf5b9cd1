import { useEffect } from "react";
import { useDispatch, useSelector } from "react-redux";
import { skipToken } from "@reduxjs/toolkit/query/react";
import { Link } from "react-router";
import { formatPrice } from "../../lib/money";
import AdminTable, { DeleteButton, Switch } from "./AdminTable";
import {
  PAGE_SIZE,
  useAdminShoeQuery,
  useDeleteShoeMutation,
  useProductsPageQuery,
  useSetOnSaleMutation,
} from "./api";
import {
  ACTIONS,
  ALL_SHOES,
  CREATE_RELEASE,
  CREATE_SIZE,
  MODIFY,
  NO_PRODUCTS,
  ON_SALE,
  PRODUCTS,
  SELECT,
  selectedNote,
} from "./messages";
import { selectSelectedShoe, shoeCleared, shoeSelected } from "./selectionSlice";
import { useAdminPage, useRowActions } from "./useAdminTable";

const HEADERS = ["Name", "Brand", "Price", ON_SALE, ACTIONS];

// Products, 5 a page, newest first (docs/PRODUCT.md §2, §4 'Shoe and brand'): put a shoe on sale or take
// it off, delete it once confirmed, or select it. Selecting narrows the table to that shoe and offers
// Modify and Create size for it; All shoes clears the selection and brings the page back (its place
// is kept meanwhile).
export default function ProductsTable() {
  const dispatch = useDispatch();
  const selected = useSelector(selectSelectedShoe);
  const narrowed = selected !== null;
  const page = useAdminPage("adminProducts", useProductsPageQuery, {
    limit: PAGE_SIZE.products,
    skip: narrowed,
  });
  // The selected shoe as the server has it now: the forms work on it (a size added since, say).
  const one = useAdminShoeQuery(narrowed ? selected._id : skipToken, { refetchOnMountOrArgChange: true });
  const [setOnSale] = useSetOnSaleMutation();
  const [deleteShoe] = useDeleteShoeMutation();
  const { isBusy, act, confirmedDelete } = useRowActions();

  // The selection follows the server's word on it; a shoe deleted elsewhere is no longer selected.
  const fresh = one.currentData;
  const gone = narrowed && one.isError && one.error.status === 404;
  useEffect(() => {
    if (gone) dispatch(shoeCleared());
    else if (fresh && selected && fresh !== selected && fresh._id === selected._id)
      dispatch(shoeSelected(fresh));
  }, [dispatch, gone, fresh, selected]);

  const remove = async (shoe) => {
    const deleted = await confirmedDelete(shoe._id, () => deleteShoe(shoe._id));
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
          disabled={isBusy(shoe._id)}
          onChange={() => act(shoe._id, () => setOnSale({ id: shoe._id, onSale: !shoe.onSale }))}
        />
      </td>
      <td>
        <div className="admin-actions">
          {shoe._id === selected?._id ? (
            <>
              <Link to="/modifshoe" className="button button-small">
                {MODIFY}
              </Link>
              <Link to="/createsize" className="button button-small">
                {CREATE_SIZE}
              </Link>
              <Link to="/createrelease" className="button button-small">
                {CREATE_RELEASE}
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
          <DeleteButton busy={isBusy(shoe._id)} onClick={() => remove(shoe)} />
        </div>
      </td>
    </tr>
  );

  return (
    <AdminTable
      {...page}
      // Narrowed: the one shoe, as selected until the server's word on it comes.
      {...(narrowed ? { query: one, rows: [fresh ?? selected], paged: false } : {})}
      title={PRODUCTS}
      headers={HEADERS}
      renderRow={renderRow}
      step={PAGE_SIZE.products}
      empty={NO_PRODUCTS}
    >
      {narrowed && (
        <div className="admin-selection">
          <p>{selectedNote(selected.name)}</p>
          <button type="button" className="button button-small" onClick={() => dispatch(shoeCleared())}>
            {ALL_SHOES}
          </button>
        </div>
      )}
    </AdminTable>
  );
}
