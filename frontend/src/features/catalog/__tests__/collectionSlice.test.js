import { setupStore } from "../../../app/store";
import { installFakeApi, page, shoeFixture } from "../../../testing/fakeApi";
import reducer, {
  collectionOpened,
  collectionPageChanged,
  colorChanged,
  fetchCollectionColors,
  fetchCollectionPage,
  sortChanged,
  SORTS,
} from "../collectionSlice";

const opened = (brand = "Nike") => reducer(undefined, collectionOpened(brand));

describe("the collection's view: brand, sort, color and page", () => {
  test("a sort by price either way starts the list again at its first page", () => {
    let state = reducer(opened(), collectionPageChanged(12));
    state = reducer(state, sortChanged(SORTS.dearestFirst));
    expect(state).toMatchObject({ sort: "-price", offset: 0 });
    state = reducer(reducer(state, collectionPageChanged(6)), sortChanged(SORTS.cheapestFirst));
    expect(state).toMatchObject({ sort: "price", offset: 0 });
  });

  test("a color filter starts the list again at its first page", () => {
    const state = reducer(reducer(opened(), collectionPageChanged(6)), colorChanged("Red"));
    expect(state).toMatchObject({ color: "Red", offset: 0 });
  });

  test("another brand starts unsorted and unfiltered, at its first page", () => {
    let state = reducer(opened("Nike"), sortChanged(SORTS.cheapestFirst));
    state = reducer(reducer(state, colorChanged("Red")), collectionPageChanged(6));
    state = reducer(state, collectionOpened("Vans"));
    expect(state).toMatchObject({ brand: "Vans", sort: "", color: "", offset: 0, catalogBrand: [] });
  });

  test("coming back to the same brand keeps what the shopper chose", () => {
    let state = reducer(opened("Nike"), colorChanged("Red"));
    state = reducer(reducer(state, collectionPageChanged(6)), collectionOpened("nike"));
    expect(state).toMatchObject({ brand: "nike", color: "Red", offset: 6 });
  });
});

describe("the collection's pages come from the server, sorted and filtered there", () => {
  test("the brand, color and sort travel as query parameters with a page of 6", async () => {
    const calls = installFakeApi({ "GET /shoes": page([]) });
    const store = setupStore();
    await store.dispatch(
      fetchCollectionPage({ brand: "New Balance", sort: SORTS.dearestFirst, color: "Off White", offset: 6 }),
    );
    expect(calls[0].path).toBe("/shoes?limit=6&offset=6&brand=New+Balance&color=Off+White&ordering=-price");
  });

  test("no sort and no color leave those parameters out", async () => {
    const calls = installFakeApi({ "GET /shoes": page([]) });
    await setupStore().dispatch(
      fetchCollectionPage({ brand: "Nike", sort: SORTS.none, color: "", offset: 0 }),
    );
    expect(calls[0].path).toBe("/shoes?limit=6&offset=0&brand=Nike");
  });

  test("the loaded page replaces catalogBrand, its stock quantities zeroed", async () => {
    installFakeApi({ "GET /shoes": page([shoeFixture({ price: 10 }), shoeFixture({ price: 20 })], 8) });
    const store = setupStore();
    store.dispatch(collectionOpened("Nike"));
    await store.dispatch(
      fetchCollectionPage({ brand: "Nike", sort: SORTS.cheapestFirst, color: "", offset: 0 }),
    );
    const { catalogBrand, count } = store.getState().collection;
    expect(catalogBrand.map((shoe) => shoe.price)).toEqual([10, 20]);
    expect(catalogBrand.flatMap((shoe) => shoe.stock.map((entry) => entry.quantity))).toEqual([0, 0, 0, 0]);
    expect(count).toBe(8);
  });

  test("the color list is the brand's, and a late answer for another brand is dropped", async () => {
    installFakeApi({
      "GET /shoes/colors": ({ path }) => (path.includes("Vans") ? ["Checker"] : ["Black", "Red"]),
    });
    const store = setupStore();
    store.dispatch(collectionOpened("Nike"));
    await store.dispatch(fetchCollectionColors("Nike"));
    expect(store.getState().collection.colors).toEqual(["Black", "Red"]);
    await store.dispatch(fetchCollectionColors("Vans"));
    expect(store.getState().collection.colors).toEqual(["Black", "Red"]);
  });
});
