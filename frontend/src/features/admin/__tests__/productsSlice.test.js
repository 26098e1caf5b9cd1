import { setupStore } from "../../../app/store";
import { installDeferredFetch, installFakeApi, page, shoeFixture } from "../../../testing/fakeApi";
import { signOut } from "../../account/accountSlice";
import {
  deleteShoe,
  fetchProduct,
  fetchProductsPage,
  PRODUCTS_PAGE_SIZE,
  productsPageChanged,
  selectProducts,
  setOnSale,
} from "../productsSlice";
import { selectSelectedShoe, shoeCleared, shoeSelected } from "../selectionSlice";

const shoes = [1, 2, 3, 4, 5].map((id) => shoeFixture({ _id: id, name: `Runner ${id}` }));
const ids = (store) => selectProducts(store.getState()).products.map((shoe) => shoe._id);

async function storeWithShoes(list = shoes, count = 12) {
  installFakeApi({ "GET /shoes": page(list, count) });
  const store = setupStore();
  await store.dispatch(fetchProductsPage(0));
  return store;
}

describe("the page of the Products table", () => {
  test("asks the server for 5 shoes at the offset", async () => {
    const calls = installFakeApi({ "GET /shoes": page(shoes, 12) });
    const store = setupStore();
    store.dispatch(productsPageChanged(5));
    await store.dispatch(fetchProductsPage(5));
    expect(PRODUCTS_PAGE_SIZE).toBe(5);
    expect(calls.map((call) => call.path)).toEqual(["/shoes?limit=5&offset=5"]);
    expect(selectProducts(store.getState())).toMatchObject({ count: 12, offset: 5, status: "succeeded" });
  });

  test("each load replaces the page", async () => {
    const store = await storeWithShoes();
    installFakeApi({ "GET /shoes": page([shoeFixture({ _id: 9 })], 12) });
    await store.dispatch(fetchProductsPage(0));
    expect(ids(store)).toEqual([9]);
  });
});

describe("on sale", () => {
  test("sends {onSale} and the row takes the server's answer", async () => {
    const store = await storeWithShoes();
    const calls = installFakeApi({ "PUT /admin/onsale/3": { ...shoes[2], onSale: true } });
    await store.dispatch(setOnSale({ id: 3, onSale: true }));
    expect(calls[0]).toMatchObject({ method: "PUT", path: "/admin/onsale/3", body: { onSale: true } });
    const rows = selectProducts(store.getState()).products;
    expect(rows.map((shoe) => shoe.onSale)).toEqual([false, false, true, false, false]);
    expect(selectProducts(store.getState()).revision).toBe(1);
  });

  test("a refusal keeps the row as it was", async () => {
    const store = await storeWithShoes();
    installFakeApi({
      "PUT /admin/onsale/3": [404, { detail: "That shoe is not in the shop.", code: "not_found" }],
    });
    await store.dispatch(setOnSale({ id: 3, onSale: true }));
    expect(selectProducts(store.getState()).products[2].onSale).toBe(false);
    expect(selectProducts(store.getState()).busy).toEqual([]);
  });
});

describe("delete", () => {
  test("removes the shoe of that id from the list and the count", async () => {
    const store = await storeWithShoes();
    const calls = installFakeApi({ "DELETE /shoes/2": [204, undefined] });
    await store.dispatch(deleteShoe(2));
    expect(calls[0]).toMatchObject({ method: "DELETE", path: "/shoes/2" });
    expect(ids(store)).toEqual([1, 3, 4, 5]);
    expect(selectProducts(store.getState()).count).toBe(11);
  });

  test("a refusal keeps the shoe", async () => {
    const store = await storeWithShoes();
    installFakeApi({ "DELETE /shoes/2": [403, { detail: "Only the shop's administrators may do that." }] });
    await store.dispatch(deleteShoe(2));
    expect(ids(store)).toEqual([1, 2, 3, 4, 5]);
    expect(selectProducts(store.getState()).count).toBe(12);
  });
});

describe("selecting a shoe", () => {
  test("narrows the list to that id and keeps the page to come back to", async () => {
    const store = await storeWithShoes();
    store.dispatch(productsPageChanged(5));
    store.dispatch(shoeSelected(shoes[3]));
    expect(ids(store)).toEqual([4]);
    expect(selectProducts(store.getState())).toMatchObject({ narrowedTo: 4, offset: 5, count: 12 });
    expect(selectSelectedShoe(store.getState())).toEqual(shoes[3]);
  });

  test("clearing the selection empties it and ends the narrowing", async () => {
    const store = await storeWithShoes();
    store.dispatch(shoeSelected(shoes[3]));
    store.dispatch(shoeCleared());
    expect(selectSelectedShoe(store.getState())).toBeNull();
    expect(selectProducts(store.getState()).narrowedTo).toBeNull();
  });

  test("the narrowed list is the selected shoe as the server has it now", async () => {
    const store = await storeWithShoes();
    store.dispatch(shoeSelected(shoes[3]));
    const withSize = { ...shoes[3], stock: [...shoes[3].stock, { _id: 999, size: "10", quantity: 4 }] };
    const calls = installFakeApi({ "GET /shoes/4": withSize });
    await store.dispatch(fetchProduct(4));
    expect(calls[0].path).toBe("/shoes/4");
    expect(selectProducts(store.getState()).products).toEqual([withSize]);
  });

  test("a page answering after the shoe was selected does not replace it", async () => {
    const store = await storeWithShoes();
    const pending = installDeferredFetch();
    const slowPage = store.dispatch(fetchProductsPage(5));
    store.dispatch(shoeSelected(shoes[0]));
    const shoe = store.dispatch(fetchProduct(1));
    await Promise.resolve();
    pending[1].answer(200, shoes[0]);
    await shoe;
    pending[0].answer(200, page(shoes.slice(1), 12));
    await slowPage;
    expect(ids(store)).toEqual([1]);
  });
});

test("signing out forgets the table", async () => {
  const store = await storeWithShoes();
  installFakeApi({ "POST /auth/signout": [204, undefined] });
  await store.dispatch(signOut());
  expect(selectProducts(store.getState())).toMatchObject({ products: [], narrowedTo: null });
});
