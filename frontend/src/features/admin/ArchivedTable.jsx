import { useSelector } from "react-redux";
import { formatPrice } from "../../lib/money";
import AdminTable from "./AdminTable";
import { ARCHIVED_PAGE_SIZE, archivedPageChanged, fetchArchivedPage, selectArchived } from "./archivedSlice";
import { ACTIONS, ARCHIVED, ARCHIVED_NOTE, ARCHIVED_ON, NO_ARCHIVED, RESTORE } from "./messages";
import { restoreShoe } from "./productsSlice";
import { useRowAction, useTableLoad } from "./useAdminTable";

const HEADERS = ["Name", "Brand", "Price", ARCHIVED_ON, ACTIONS];

// Archived, 5 a page, the latest first: shoes out of the shop but kept for customers' history, each
// with Restore, which puts it back in the shop as it was.
export default function ArchivedTable() {
  const table = useSelector(selectArchived);
  const load = useTableLoad(table, archivedPageChanged, fetchArchivedPage, table.offset);
  const act = useRowAction();

  const renderRow = (shoe) => (
    <tr key={shoe._id}>
      <td>{shoe.name}</td>
      <td>{shoe.brand}</td>
      <td>{formatPrice(shoe.price)}</td>
      <td>{shoe.archivedAt.slice(0, 10)}</td>
      <td>
        <div className="admin-actions">
          <button
            type="button"
            className="button button-small"
            disabled={table.busy.includes(String(shoe._id))}
            onClick={() => act(restoreShoe, shoe._id)}
          >
            {RESTORE}
          </button>
        </div>
      </td>
    </tr>
  );

  return (
    <AdminTable
      {...load}
      title={ARCHIVED}
      headers={HEADERS}
      rows={table.shoes}
      renderRow={renderRow}
      step={ARCHIVED_PAGE_SIZE}
      empty={NO_ARCHIVED}
    >
      <p className="admin-note">{ARCHIVED_NOTE}</p>
    </AdminTable>
  );
}
