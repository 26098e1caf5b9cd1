import { setupStore } from "../../../app/store";
import { installFakeApi, page, shoeFixture } from "../../../testing/fakeApi";
import { signOut } from "../../account/accountSlice";
import { ARCHIVED_PAGE_SIZE, archivedPageChanged, fetchArchivedPage, selectArchived } from "../archivedSlice";
import { deleteShoe, fetchProductsPage, restoreShoe, selectProducts } from "../productsSlice";

const archivedRow = (id) => ({
  _id: id,
  name: `Runner ${id}`,
  brand: "Nike",
  image: `/media/shoes/${id}.webp`,
  color: "Black",
  price: 99.99,
  archivedAt: "2026-11-20T10:00:00Z",
});
const archived = [1, 2, 3].map(archivedRow);
const ids = (store) => selectArchived(store.getState()).shoes.map((shoe) => shoe._id);

async function storeWithArchived() {
  installFakeApi({ "GET /shoes/archived": page(archived, 7) });
  const store = setupStore();
  await store.dispatch(fetchArchivedPage(0));
  return store;
}

test("asks the server for 5 archived shoes at the offset", async () => {
  const calls = installFakeApi({ "GET /shoes/archived": page(archived, 7) });
  const store = setupStore();
  store.dispatch(archivedPageChanged(5));
  await store.dispatch(fetchArchivedPage(5));
  expect(ARCHIVED_PAGE_SIZE).toBe(5);
  expect(calls.map((call) => call.path)).toEqual(["/shoes/archived?limit=5&offset=5"]);
  expect(selectArchived(store.getState())).toMatchObject({ count: 7, offset: 5, status: "succeeded" });
  expect(ids(store)).toEqual([1, 2, 3]);
});

test("a restore posts to the shoe's restore call and takes the row off the page and the count", async () => {
  const store = await storeWithArchived();
  const calls = installFakeApi({ "POST /shoes/2/restore": shoeFixture({ _id: 2 }) });
  await store.dispatch(restoreShoe(2));
  expect(calls[0]).toMatchObject({ method: "POST", path: "/shoes/2/restore" });
  expect(ids(store)).toEqual([1, 3]);
  expect(selectArchived(store.getState())).toMatchObject({ count: 6, revision: 1, busy: [] });
});

test("a refused restore keeps the row", async () => {
  const store = await storeWithArchived();
  installFakeApi({
    "POST /shoes/2/restore": [404, { detail: "That shoe is not archived.", code: "not_found" }],
  });
  const result = await store.dispatch(restoreShoe(2));
  expect(result.payload).toMatchObject({ status: 404, message: "That shoe is not archived." });
  expect(ids(store)).toEqual([1, 2, 3]);
  expect(selectArchived(store.getState())).toMatchObject({ count: 7, revision: 0, busy: [] });
});

test("a restore has the Products table loaded again, a delete there the Archived one", async () => {
  installFakeApi({ "GET /shoes": page([shoeFixture({ _id: 9 })], 1) });
  const store = await storeWithArchived();
  await store.dispatch(fetchProductsPage(0));
  installFakeApi({
    "POST /shoes/2/restore": shoeFixture({ _id: 2 }),
    "DELETE /shoes/9": [204, undefined],
  });

  await store.dispatch(restoreShoe(2));
  expect(selectProducts(store.getState()).revision).toBe(1);

  await store.dispatch(deleteShoe(9));
  expect(selectArchived(store.getState()).revision).toBe(2);
});

test("signing out forgets the table", async () => {
  const store = await storeWithArchived();
  installFakeApi({ "POST /auth/signout": [204, undefined] });
  await store.dispatch(signOut());
  expect(ids(store)).toEqual([]);
});
