import { setupStore } from "../../../app/store";
import {
  flushPromises,
  installDeferredFetch,
  installFakeApi,
  page,
  shoeFixture,
} from "../../../testing/fakeApi";
import { fetchBrands } from "../brandsSlice";
import { cataloguePageChanged, fetchCataloguePage } from "../catalogSlice";
import { fetchCarousel, fetchSalePage, salePageChanged } from "../saleSlice";
import { fetchShoe, shoeCleared } from "../shoeSlice";

describe("catalog: the catalogue block's pages", () => {
  test("asks the server for 28 shoes at the offset", async () => {
    const calls = installFakeApi({ "GET /shoes": page([shoeFixture()], 60) });
    const store = setupStore();
    await store.dispatch(fetchCataloguePage({ offset: 28 }));
    expect(calls.map((call) => call.path)).toEqual(["/shoes?limit=28&offset=28"]);
    expect(store.getState().catalog.count).toBe(60);
  });

  test("loading sets the working list with the cart's quantities at 0 (SPEC.md §4)", async () => {
    installFakeApi({ "GET /shoes": page([shoeFixture({ _id: 1 })]) });
    const store = setupStore();
    await store.dispatch(fetchCataloguePage({ offset: 0 }));
    const [shoe] = store.getState().catalog.shoes;
    expect(shoe.quantity).toBe(0);
    expect(shoe.stock.map((entry) => entry.quantity)).toEqual([0, 0]);
    // What the shop has left of each size stays readable.
    expect(shoe.stock.map((entry) => entry.available)).toEqual([3, 0]);
    expect(store.getState().catalog.status).toBe("succeeded");
  });

  test("'loading' while on the way, 'failed' with the server's answer", async () => {
    installFakeApi({ "GET /shoes": [503, { detail: "Down for a moment", code: "unavailable" }] });
    const store = setupStore();
    const request = store.dispatch(fetchCataloguePage({ offset: 0 }));
    expect(store.getState().catalog.status).toBe("loading");
    await request;
    expect(store.getState().catalog).toMatchObject({
      status: "failed",
      error: { status: 503, message: "Down for a moment" },
    });
  });

  test("an older page answering last does not replace the newer one", async () => {
    const pending = installDeferredFetch();
    const store = setupStore();
    store.dispatch(cataloguePageChanged(0));
    const first = store.dispatch(fetchCataloguePage({ offset: 0 }));
    store.dispatch(cataloguePageChanged(28));
    const second = store.dispatch(fetchCataloguePage({ offset: 28 }));
    await flushPromises();

    pending[1].answer(200, page([shoeFixture({ name: "Page two" })], 60));
    await second;
    pending[0].answer(200, page([shoeFixture({ name: "Page one" })], 60));
    await first;

    expect(store.getState().catalog.shoes.map((shoe) => shoe.name)).toEqual(["Page two"]);
    expect(store.getState().catalog.offset).toBe(28);
  });

  test("a page left empty by a shrinking list sends the shopper back to the first", async () => {
    installFakeApi({ "GET /shoes": page([], 20) });
    const store = setupStore();
    store.dispatch(cataloguePageChanged(28));
    await store.dispatch(fetchCataloguePage({ offset: 28 }));
    expect(store.getState().catalog.offset).toBe(0);
  });

  test("a request abandoned by its screen leaves the slice idle, not failed", async () => {
    installDeferredFetch();
    const store = setupStore();
    const request = store.dispatch(fetchCataloguePage({ offset: 0 }));
    request.abort();
    await request;
    expect(store.getState().catalog).toMatchObject({ status: "idle", error: null });
  });
});

describe("shoe: the detail screen's shoe", () => {
  test("loads one shoe with its stock quantities zeroed", async () => {
    installFakeApi({ "GET /shoes/7": shoeFixture({ _id: 7, name: "Air Swift" }) });
    const store = setupStore();
    await store.dispatch(fetchShoe("7"));
    const { shoe, status } = store.getState().shoe;
    expect(status).toBe("succeeded");
    expect(shoe).toMatchObject({ _id: 7, name: "Air Swift", quantity: 0 });
    expect(shoe.stock.every((entry) => entry.quantity === 0)).toBe(true);
  });

  test("a missing shoe ends in 'failed' with status 404, not an endless loading", async () => {
    installFakeApi({
      "GET /shoes/999": [404, { detail: "That shoe is not in the shop.", code: "not_found" }],
    });
    const store = setupStore();
    await store.dispatch(fetchShoe("999"));
    expect(store.getState().shoe).toMatchObject({ shoe: null, status: "failed", error: { status: 404 } });
  });

  test("clearing empties it", async () => {
    installFakeApi({ "GET /shoes/7": shoeFixture({ _id: 7 }) });
    const store = setupStore();
    await store.dispatch(fetchShoe("7"));
    store.dispatch(shoeCleared());
    expect(store.getState().shoe).toMatchObject({ shoe: null, status: "idle" });
  });

  test("the shoe asked last wins", async () => {
    const pending = installDeferredFetch();
    const store = setupStore();
    const first = store.dispatch(fetchShoe("1"));
    const second = store.dispatch(fetchShoe("2"));
    await flushPromises();
    pending[1].answer(200, shoeFixture({ _id: 2 }));
    await second;
    pending[0].answer(200, shoeFixture({ _id: 1 }));
    await first;
    expect(store.getState().shoe.shoe._id).toBe(2);
  });
});

describe("sale: /sale's pages and the home carousel", () => {
  test("pages of 8 on sale, replaced by each load", async () => {
    const calls = installFakeApi({
      "GET /shoes/onSale": ({ path }) =>
        page([shoeFixture({ name: path.includes("offset=8") ? "Second" : "First", onSale: true })], 9),
    });
    const store = setupStore();
    await store.dispatch(fetchSalePage({ offset: 0 }));
    store.dispatch(salePageChanged(8));
    await store.dispatch(fetchSalePage({ offset: 8 }));
    expect(calls.map((call) => call.path)).toEqual([
      "/shoes/onSale?limit=8&offset=0",
      "/shoes/onSale?limit=8&offset=8",
    ]);
    expect(store.getState().sale.onSale.map((shoe) => shoe.name)).toEqual(["Second"]);
    expect(store.getState().sale.count).toBe(9);
  });

  test("the carousel keeps the cheapest shoes apart from the sale page", async () => {
    const calls = installFakeApi({ "GET /shoes/onSale": page([shoeFixture({ name: "Cheapest" })]) });
    const store = setupStore();
    await store.dispatch(fetchCarousel());
    expect(calls[0].path).toBe("/shoes/onSale?limit=12&offset=0");
    expect(store.getState().sale.carousel).toMatchObject({ status: "succeeded" });
    expect(store.getState().sale.carousel.shoes[0].name).toBe("Cheapest");
    expect(store.getState().sale.onSale).toEqual([]);
  });
});

describe("brands", () => {
  test("are replaced by what is loaded", async () => {
    installFakeApi({ "GET /brands": [{ _id: 1, name: "Nike" }] });
    const store = setupStore();
    await store.dispatch(fetchBrands());
    expect(store.getState().brands).toMatchObject({
      status: "succeeded",
      brands: [{ _id: 1, name: "Nike" }],
    });
  });
});
