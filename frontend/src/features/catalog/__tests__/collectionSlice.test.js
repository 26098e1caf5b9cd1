import reducer, {
  collectionOpened,
  collectionPageChanged,
  colorChanged,
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
    expect(state).toEqual({ brand: "Vans", sort: "", color: "", size: "", offset: 0 });
  });

  test("coming back to the same brand keeps what the shopper chose", () => {
    let state = reducer(opened("Nike"), colorChanged("Red"));
    state = reducer(reducer(state, collectionPageChanged(6)), collectionOpened("nike"));
    expect(state).toMatchObject({ brand: "nike", color: "Red", offset: 6 });
  });
});
