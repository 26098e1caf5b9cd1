import { api } from "../../../app/api";
import { apiThunk } from "../../../app/apiThunk";
import { clean } from "./validators";

// The admin forms' calls (SPEC.md §7). The forms keep their own state; these only send. The dashboard's
// slices may listen to their fulfilled actions to refresh what they show.

// A multipart body of the fields that have a value; text as it was checked (clean), a file as it is.
export function toFormData(fields) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    body.append(name, typeof value === "string" ? clean(value) : value);
  }
  return body;
}

const shoeFields = ({ brand, name, description, color, price }) => ({
  brand,
  name,
  description,
  color,
  price,
});

// POST /shoes: every field, the image when one was chosen.
export const createShoe = apiThunk("adminForms/shoeCreated", (values, options) =>
  api.post(
    "/shoes",
    toFormData({ ...shoeFields(values), size: values.size, q: values.q, image: values.image }),
    options,
  ),
);

// PUT /shoes/{id}: the size and its quantity only when a size was chosen, the image only when a new one
// was, and never onSale: the server keeps the sale flag when it is left out, so a modify never ends a sale.
export const modifyShoe = apiThunk("adminForms/shoeModified", ({ id, values }, options) => {
  const stock = values.size ? { size: values.size, q: values.q } : {};
  return api.put(
    `/shoes/${id}`,
    toFormData({ ...shoeFields(values), ...stock, image: values.image }),
    options,
  );
});

// POST /brands {name}: answers {message, brand}.
export const createBrand = apiThunk("adminForms/brandCreated", ({ name }, options) =>
  api.post("/brands", { name: clean(name) }, options),
);

// PUT /shoes/addSize/{id} {size, q}: answers {message, shoe}.
export const addSize = apiThunk("adminForms/sizeAdded", ({ id, size, q }, options) =>
  api.put(`/shoes/addSize/${id}`, { size: clean(size), q: clean(q) }, options),
);
