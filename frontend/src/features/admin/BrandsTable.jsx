import { useState } from "react";
import AdminTable, { DeleteButton } from "./AdminTable";
import { PAGE_SIZE, useBrandsPageQuery, useDeleteBrandMutation } from "./api";
import { ACTIONS, BRANDS, NO_BRANDS, OWN_GUIDE, SHOP_CHART, SIZE_GUIDE } from "./messages";
import SizeGuideForm from "./SizeGuideForm";
import { useAdminPage, useRowActions } from "./useAdminTable";

const HEADERS = ["Name", SIZE_GUIDE, ACTIONS];

// Brands, 4 a page, by name; a brand goes once confirmed, and only when it has no shoes left. The
// header's BRANDS menu drops it too (the API asks it again). Size guide opens the brand's own size
// guide above the table (issue 31).
export default function BrandsTable() {
  const page = useAdminPage("adminBrands", useBrandsPageQuery, { limit: PAGE_SIZE.brands });
  const [deleteBrand] = useDeleteBrandMutation();
  const { isBusy, confirmedDelete } = useRowActions();
  const [editing, setEditing] = useState(null);

  const renderRow = (brand) => (
    <tr key={brand._id}>
      <td>{brand.name}</td>
      <td>{brand.hasSizeGuide ? OWN_GUIDE : SHOP_CHART}</td>
      <td>
        <div className="admin-actions">
          <button
            type="button"
            className="button button-small"
            aria-pressed={editing?._id === brand._id}
            onClick={() => setEditing(brand)}
          >
            {SIZE_GUIDE}
          </button>
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
    >
      {editing && <SizeGuideForm key={editing._id} brand={editing} onDone={() => setEditing(null)} />}
    </AdminTable>
  );
}
