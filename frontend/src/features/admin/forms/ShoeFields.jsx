import { useBrandsQuery } from "../../../lib/brandsApi";
import { ImageField, TextField } from "./FormFields";
import { SALE_PRICE_HINT } from "./messages";

// The brand as text, offered the shop's brands: the server takes an existing brand's name in any case.
function BrandField({ form }) {
  const { data: brands = [] } = useBrandsQuery();
  const listId = `${form.fieldId("brand")}-list`;
  return (
    <>
      <TextField form={form} name="brand" label="Brand" list={listId} autoComplete="off" />
      <datalist id={listId}>
        {brands.map((brand) => (
          <option key={brand._id} value={brand.name} />
        ))}
      </datalist>
    </>
  );
}

// The fields Create Shoes and Modify Shoes share; each puts its own size and quantity (children) between
// the price and the description.
export default function ShoeFields({ form, children }) {
  return (
    <>
      <BrandField form={form} />
      <TextField form={form} name="name" label="Name" />
      <TextField form={form} name="color" label="Color" />
      <TextField form={form} name="price" label="Price" inputMode="decimal" />
      <TextField form={form} name="salePrice" label="Sale price" inputMode="decimal" hint={SALE_PRICE_HINT} />
      {children}
      <TextField form={form} name="description" label="Description" multiline />
      <ImageField form={form} />
    </>
  );
}
