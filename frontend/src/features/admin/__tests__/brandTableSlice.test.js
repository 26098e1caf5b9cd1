import { setupStore } from "../../../app/store";
import { installFakeApi, page } from "../../../testing/fakeApi";
import { signOut } from "../../account/accountSlice";
import {
  brandTablePageChanged,
  BRANDS_PAGE_SIZE,
  deleteBrand,
  fetchBrandsPage,
  selectBrandTable,
} from "../brandTableSlice";

const brands = [
  { _id: 1, name: "Adidas" },
  { _id: 2, name: "Nike" },
  { _id: 3, name: "Puma" },
];
const IN_USE = "The brand Nike still has 2 shoes; delete them or move them to another brand first.";
const names = (store) => selectBrandTable(store.getState()).brands.map((brand) => brand.name);

async function storeWithBrands() {
  installFakeApi({ "GET /brands": page(brands, 7) });
  const store = setupStore();
  await store.dispatch(fetchBrandsPage(0));
  return store;
}

test("asks the server for 4 brands at the offset, each load replacing the page", async () => {
  const calls = installFakeApi({ "GET /brands": page(brands, 7) });
  const store = setupStore();
  store.dispatch(brandTablePageChanged(4));
  await store.dispatch(fetchBrandsPage(4));
  expect(BRANDS_PAGE_SIZE).toBe(4);
  expect(calls.map((call) => call.path)).toEqual(["/brands?limit=4&offset=4"]);
  expect(names(store)).toEqual(["Adidas", "Nike", "Puma"]);
  installFakeApi({ "GET /brands": page([{ _id: 9, name: "Vans" }], 7) });
  await store.dispatch(fetchBrandsPage(4));
  expect(names(store)).toEqual(["Vans"]);
  expect(selectBrandTable(store.getState())).toMatchObject({ count: 7, offset: 4 });
});

test("a delete removes the brand of that id from the list and the count", async () => {
  const store = await storeWithBrands();
  const calls = installFakeApi({ "DELETE /brands/1": [204, undefined] });
  await store.dispatch(deleteBrand(1));
  expect(calls[0]).toMatchObject({ method: "DELETE", path: "/brands/1" });
  expect(names(store)).toEqual(["Nike", "Puma"]);
  expect(selectBrandTable(store.getState())).toMatchObject({ count: 6, revision: 1, busy: [] });
});

test("a brand that still has shoes is refused with the server's reason, and stays", async () => {
  const store = await storeWithBrands();
  installFakeApi({ "DELETE /brands/2": [409, { detail: IN_USE, code: "brand_in_use" }] });
  const result = await store.dispatch(deleteBrand(2));
  expect(result.payload).toMatchObject({ status: 409, message: IN_USE });
  expect(names(store)).toEqual(["Adidas", "Nike", "Puma"]);
  expect(selectBrandTable(store.getState())).toMatchObject({ count: 7, revision: 0, busy: [] });
});

test("signing out forgets the table", async () => {
  const store = await storeWithBrands();
  installFakeApi({ "POST /auth/signout": [204, undefined] });
  await store.dispatch(signOut());
  expect(names(store)).toEqual([]);
});
