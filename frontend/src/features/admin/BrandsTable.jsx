import AdminTable, { DeleteButton } from "./AdminTable";
import { PAGE_SIZE, useBrandsPageQuery, useDeleteBrandMutation } from "./api";
import { ACTIONS, BRANDS, NO_BRANDS } from "./messages";
import { useAdminPage, useRowActions } from "./useAdminTable";

const HEADERS = ["Name", ACTIONS];

// Brands, 4 a page, by name; a brand goes once confirmed, and only when it has no shoes left. The
// header's BRANDS menu drops it too (the API asks it again).
export default function BrandsTable() {
  const page = useAdminPage("adminBrands", useBrandsPageQuery, { limit: PAGE_SIZE.brands });
  const [deleteBrand] = useDeleteBrandMutation();
  const { isBusy, confirmedDelete } = useRowActions();

  const renderRow = (brand) => (
    <tr key={brand._id}>
      <td>{brand.name}</td>
      <td>
        <div className="admin-actions">
          <DeleteButton
            busy={isBusy(brand._id)}
            onClick={() => confirmedDelete(brand._id, () => deleteBrand(brand._id))}
          />
        </div>
      </td>
    </tr>
  );

  return (
    <AdminTable
      {...page}
      title={BRANDS}
      headers={HEADERS}
      renderRow={renderRow}
      step={PAGE_SIZE.brands}
      empty={NO_BRANDS}
    />
  );
}
