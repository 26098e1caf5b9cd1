import { setupStore } from "../../../app/store";
import {
  flushPromises,
  installDeferredFetch,
  installFakeApi,
  page,
  shoeFixture,
} from "../../../testing/fakeApi";
import { catalogApi } from "../api";

const { endpoints } = catalogApi;

// One question to the shop through the store, as a screen would ask it; the answer as the screen reads it.
async function ask(store, endpoint, arg) {
  const request = store.dispatch(endpoint.initiate(arg));
  const result = await request;
  request.unsubscribe();
  return result;
}

describe("the catalogue block's pages", () => {
  test("asks the server for 28 shoes at the offset", async () => {
    const calls = installFakeApi({ "GET /shoes": page([shoeFixture()], 60) });
    const { data } = await ask(setupStore(), endpoints.cataloguePage, { offset: 28 });
    expect(calls.map((call) => call.path)).toEqual(["/shoes?limit=28&offset=28"]);
    expect(data.count).toBe(60);
  });

  test("loading sets the working list with the cart's quantities at 0 (docs/PRODUCT.md §4)", async () => {
    installFakeApi({ "GET /shoes": page([shoeFixture({ _id: 1 })]) });
    const { data, isSuccess } = await ask(setupStore(), endpoints.cataloguePage, { offset: 0 });
    const [shoe] = data.results;
    expect(isSuccess).toBe(true);
    expect(shoe.quantity).toBe(0);
    expect(shoe.stock.map((entry) => entry.quantity)).toEqual([0, 0]);
    // What the shop has left of each size stays readable.
    expect(shoe.stock.map((entry) => entry.available)).toEqual([3, 0]);
  });

  test("loading while on the way, failed with the server's answer", async () => {
    installFakeApi({ "GET /shoes": [503, { detail: "Down for a moment", code: "unavailable" }] });
    const store = setupStore();
    const request = store.dispatch(endpoints.cataloguePage.initiate({ offset: 0 }));
    expect(endpoints.cataloguePage.select({ offset: 0 })(store.getState()).isLoading).toBe(true);
    await request;
    expect(endpoints.cataloguePage.select({ offset: 0 })(store.getState())).toMatchObject({
      isError: true,
      error: { status: 503, code: "unavailable", message: "Down for a moment" },
    });
  });

  test("each page is kept apart: an older page answering last never stands for the newer one", async () => {
    const pending = installDeferredFetch();
    const store = setupStore();
    const first = store.dispatch(endpoints.cataloguePage.initiate({ offset: 0 }));
    const second = store.dispatch(endpoints.cataloguePage.initiate({ offset: 28 }));
    await flushPromises();

    pending[1].answer(200, page([shoeFixture({ name: "Page two" })], 60));
    await second;
    pending[0].answer(200, page([shoeFixture({ name: "Page one" })], 60));
    await first;

    const names = (offset) =>
      endpoints.cataloguePage
        .select({ offset })(store.getState())
        .data.results.map((shoe) => shoe.name);
    expect(names(28)).toEqual(["Page two"]);
    expect(names(0)).toEqual(["Page one"]);
  });
});

describe("the detail screen's shoe", () => {
  test("loads one shoe with its stock quantities zeroed", async () => {
    installFakeApi({ "GET /shoes/7": shoeFixture({ _id: 7, name: "Air Swift" }) });
    const { data: shoe } = await ask(setupStore(), endpoints.shoe, "7");
    expect(shoe).toMatchObject({ _id: 7, name: "Air Swift", quantity: 0 });
    expect(shoe.stock.every((entry) => entry.quantity === 0)).toBe(true);
  });

  test("a missing shoe ends in an error with status 404, not an endless loading", async () => {
    installFakeApi({
      "GET /shoes/999": [404, { detail: "That shoe is not in the shop.", code: "not_found" }],
    });
    const result = await ask(setupStore(), endpoints.shoe, "999");
    expect(result).toMatchObject({ isError: true, error: { status: 404 } });
    expect(result.data).toBeUndefined();
  });
});

describe("the sale's pages and the home carousel", () => {
  test("pages of 8 on sale, each asked at its offset", async () => {
    const calls = installFakeApi({
      "GET /shoes/onSale": ({ path }) =>
        page([shoeFixture({ name: path.includes("offset=8") ? "Second" : "First", onSale: true })], 9),
    });
    const store = setupStore();
    await ask(store, endpoints.salePage, { offset: 0 });
    const { data } = await ask(store, endpoints.salePage, { offset: 8 });
    expect(calls.map((call) => call.path)).toEqual([
      "/shoes/onSale?limit=8&offset=0",
      "/shoes/onSale?limit=8&offset=8",
    ]);
    expect(data.results.map((shoe) => shoe.name)).toEqual(["Second"]);
    expect(data.count).toBe(9);
  });

  test("the carousel asks for the 12 cheapest, apart from the sale page", async () => {
    const calls = installFakeApi({ "GET /shoes/onSale": page([shoeFixture({ name: "Cheapest" })]) });
    const store = setupStore();
    const { data } = await ask(store, endpoints.salePage, { limit: 12, offset: 0 });
    expect(calls[0].path).toBe("/shoes/onSale?limit=12&offset=0");
    expect(data.results[0].name).toBe("Cheapest");
    expect(endpoints.salePage.select({ offset: 0 })(store.getState()).isUninitialized).toBe(true);
  });
});

describe("the brands and the collection", () => {
  test("the brands are what the shop answers", async () => {
    installFakeApi({ "GET /brands": [{ _id: 1, name: "Nike" }] });
    const { data } = await ask(setupStore(), endpoints.brands);
    expect(data).toEqual([{ _id: 1, name: "Nike" }]);
  });

  test("a collection's brand, color and sort travel as query parameters with a page of 6", async () => {
    const calls = installFakeApi({ "GET /shoes": page([]) });
    await ask(setupStore(), endpoints.collectionPage, {
      brand: "New Balance",
      sort: "-price",
      color: "Off White",
      offset: 6,
    });
    expect(calls[0].path).toBe("/shoes?limit=6&offset=6&brand=New+Balance&color=Off+White&ordering=-price");
  });

  test("no sort and no color leave those parameters out", async () => {
    const calls = installFakeApi({ "GET /shoes": page([]) });
    await ask(setupStore(), endpoints.collectionPage, { brand: "Nike", sort: "", color: "", offset: 0 });
    expect(calls[0].path).toBe("/shoes?limit=6&offset=0&brand=Nike");
  });

  test("a collection's page has its stock quantities zeroed", async () => {
    installFakeApi({ "GET /shoes": page([shoeFixture({ price: 10 }), shoeFixture({ price: 20 })], 8) });
    const { data } = await ask(setupStore(), endpoints.collectionPage, { brand: "Nike", offset: 0 });
    expect(data.results.map((shoe) => shoe.price)).toEqual([10, 20]);
    expect(data.results.flatMap((shoe) => shoe.stock.map((entry) => entry.quantity))).toEqual([0, 0, 0, 0]);
    expect(data.count).toBe(8);
  });

  test("each brand's colors are its own", async () => {
    installFakeApi({
      "GET /shoes/colors": ({ path }) => (path.includes("Vans") ? ["Checker"] : ["Black", "Red"]),
    });
    const store = setupStore();
    expect((await ask(store, endpoints.collectionColors, "Nike")).data).toEqual(["Black", "Red"]);
    expect((await ask(store, endpoints.collectionColors, "Vans")).data).toEqual(["Checker"]);
    expect(endpoints.collectionColors.select("Nike")(store.getState()).data).toEqual(["Black", "Red"]);
  });
});

describe("the search", () => {
  test("asks for the lower-cased text, 10 at most", async () => {
    const calls = installFakeApi({ "GET /shoes": page([shoeFixture({ name: "Air Swift" })], 1) });
    const { data } = await ask(setupStore(), endpoints.searchShoes, { text: "AIR Sw" });
    expect(calls[0].path).toBe("/shoes?limit=10&offset=0&name=air+sw");
    expect(data.results.map((shoe) => shoe.name)).toEqual(["Air Swift"]);
  });

  test("a plain-text answer is kept as the text to show", async () => {
    installFakeApi({ "GET /shoes": "Shoe not found" });
    const { data } = await ask(setupStore(), endpoints.searchShoes, { text: "zzz" });
    expect(data).toBe("Shoe not found");
  });
});
