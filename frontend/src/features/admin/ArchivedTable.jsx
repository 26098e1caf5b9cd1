import { formatPrice } from "../../lib/money";
import AdminTable from "./AdminTable";
import { PAGE_SIZE, useArchivedPageQuery, useRestoreShoeMutation } from "./api";
import { ACTIONS, ARCHIVED, ARCHIVED_NOTE, ARCHIVED_ON, NO_ARCHIVED, RESTORE } from "./messages";
import { useAdminPage, useRowActions } from "./useAdminTable";

const HEADERS = ["Name", "Brand", "Price", ARCHIVED_ON, ACTIONS];

// Archived, 5 a page, the latest first: the shoes a delete took out of the shop but kept, because
// customers' orders, reviews or favorites point at them. Restore puts one back in the shop as it was
// (and in Products); a delete in Products may add one here.
export default function ArchivedTable() {
  const page = useAdminPage("adminArchived", useArchivedPageQuery, { limit: PAGE_SIZE.archived });
  const [restoreShoe] = useRestoreShoeMutation();
  const { isBusy, act } = useRowActions();

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
            disabled={isBusy(shoe._id)}
            onClick={() => act(shoe._id, () => restoreShoe(shoe._id))}
          >
            {RESTORE}
          </button>
        </div>
      </td>
    </tr>
  );

  return (
    <AdminTable
      {...page}
      title={ARCHIVED}
      headers={HEADERS}
      renderRow={renderRow}
      step={PAGE_SIZE.archived}
      empty={NO_ARCHIVED}
    >
      <p className="admin-note">{ARCHIVED_NOTE}</p>
    </AdminTable>
  );
}
