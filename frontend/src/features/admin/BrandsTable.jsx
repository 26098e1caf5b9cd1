import { useDispatch, useSelector } from "react-redux";
import { fetchBrands } from "../catalog/brandsSlice";
import AdminTable, { DeleteButton } from "./AdminTable";
import {
  brandTablePageChanged,
  BRANDS_PAGE_SIZE,
  deleteBrand,
  fetchBrandsPage,
  selectBrandTable,
} from "./brandTableSlice";
import { ACTIONS, BRANDS, NO_BRANDS } from "./messages";
import { useConfirmedDelete, useTableLoad } from "./useAdminTable";

const HEADERS = ["Name", ACTIONS];

// Brands, 4 a page, by name; a brand goes once confirmed, and only when it has no shoes left.
export default function BrandsTable() {
  const dispatch = useDispatch();
  const table = useSelector(selectBrandTable);
  const load = useTableLoad(table, brandTablePageChanged, fetchBrandsPage, table.offset);
  const confirmedDelete = useConfirmedDelete();

  // The header's BRANDS menu drops it too.
  const remove = async (id) => {
    if (await confirmedDelete(deleteBrand, id)) dispatch(fetchBrands());
  };

  const renderRow = (brand) => (
    <tr key={brand._id}>
      <td>{brand.name}</td>
      <td>
        <div className="admin-actions">
          <DeleteButton busy={table.busy.includes(String(brand._id))} onClick={() => remove(brand._id)} />
        </div>
      </td>
    </tr>
  );

  return (
    <AdminTable
      {...load}
      title={BRANDS}
      headers={HEADERS}
      rows={table.brands}
      renderRow={renderRow}
      step={BRANDS_PAGE_SIZE}
      empty={NO_BRANDS}
    />
  );
}
