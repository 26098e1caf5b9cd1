import { Link } from "react-router";
import AdminTable from "./AdminTable";
import { useMostWantedSizesQuery } from "./api";
import { MOST_WANTED, MOST_WANTED_NOTE, NO_MOST_WANTED, WAITING } from "./messages";

const HEADERS = ["Name", "Brand", "Size", WAITING];

// The sold-out sizes the most shoppers wait for ('Notify me' on a shoe's page), most first: what to
// restock first. One list of 10 at most, not paged.
export default function MostWantedSizes() {
  const query = useMostWantedSizesQuery();
  const rows = query.data ?? [];
  const renderRow = (row) => (
    <tr key={`${row.shoeId}-${row.size}`}>
      <td>
        <Link to={`/products/${row.shoeId}`}>{row.name}</Link>
      </td>
      <td>{row.brand}</td>
      <td>{row.size}</td>
      <td>{row.waiting}</td>
    </tr>
  );
  return (
    <AdminTable
      title={MOST_WANTED}
      headers={HEADERS}
      query={query}
      rows={rows}
      count={rows.length}
      renderRow={renderRow}
      empty={NO_MOST_WANTED}
      paged={false}
    >
      <p className="admin-note">{MOST_WANTED_NOTE}</p>
    </AdminTable>
  );
}
