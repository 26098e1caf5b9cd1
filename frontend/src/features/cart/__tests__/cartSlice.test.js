import { setupStore } from "../../../app/store";
import reducer, {
  CART_KEY,
  itemAdded,
  loadCart,
  persistCart,
  quantityInCart,
  saveCart,
  selectCartCount,
  selectCartTotalCents,
} from "../cartSlice";

const line = (overrides = {}) => ({
  _id: 7,
  name: "Air Swift",
  image: "/media/shoes/7.webp",
  price: 0.1,
  size: "9",
  quantity: 1,
  ...overrides,
});

beforeEach(() => localStorage.clear());

describe("the stored cart", () => {
  test("is read from local storage under the cart key", () => {
    localStorage.setItem(CART_KEY, JSON.stringify([line()]));
    expect(loadCart()).toEqual([line()]);
  });

  test("is empty when nothing, or something broken, is stored", () => {
    expect(loadCart()).toEqual([]);
    localStorage.setItem(CART_KEY, "{not json");
    expect(loadCart()).toEqual([]);
    localStorage.setItem(CART_KEY, JSON.stringify({ items: [] }));
    expect(loadCart()).toEqual([]);
  });

  test("drops stored lines that are not cart lines", () => {
    const bad = [null, 3, { _id: 1 }, line({ quantity: 0 }), line({ quantity: 1.5 }), line({ price: "abc" })];
    localStorage.setItem(CART_KEY, JSON.stringify([...bad, line()]));
    expect(loadCart()).toEqual([line()]);
  });

  test("a refusing storage does not break the cart", () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => saveCart([line()], full)).not.toThrow();
  });

  test("the store starts from it", () => {
    localStorage.setItem(CART_KEY, JSON.stringify([line()]));
    expect(setupStore().getState().cart.items).toEqual([line()]);
  });
});

describe("adding from a card", () => {
  test("appends a new line", () => {
    const state = reducer({ items: [line()] }, itemAdded(line({ _id: 8 })));
    expect(state.items.map((item) => item._id)).toEqual([7, 8]);
  });

  test("the same shoe and size again raises that line's quantity instead", () => {
    let state = reducer({ items: [] }, itemAdded(line()));
    state = reducer(state, itemAdded(line()));
    state = reducer(state, itemAdded(line({ size: "9.5" })));
    expect(state.items.map((item) => [item.size, item.quantity])).toEqual([
      ["9", 2],
      ["9.5", 1],
    ]);
    expect(quantityInCart(state.items, { _id: 7, size: "9" })).toBe(2);
    expect(quantityInCart(state.items, { _id: 7, size: "10" })).toBe(0);
  });

  test("is written to local storage", () => {
    const store = setupStore();
    persistCart(store);
    store.dispatch(itemAdded(line()));
    expect(JSON.parse(localStorage.getItem(CART_KEY))).toEqual([line()]);
  });

  test("other actions do not write the storage again", () => {
    const storage = { getItem: () => null, setItem: jest.fn() };
    const store = setupStore();
    persistCart(store, storage);
    store.dispatch({ type: "something/else" });
    expect(storage.setItem).not.toHaveBeenCalled();
  });
});

describe("totals", () => {
  test("are counted in cents, so no float error shows", () => {
    const items = [
      line({ price: 0.1 }),
      line({ _id: 8, price: 0.2 }),
      line({ _id: 9, price: 19.99, quantity: 3 }),
    ];
    const state = { cart: { items } };
    expect(selectCartTotalCents(state)).toBe(10 + 20 + 5997);
    expect(selectCartCount(state)).toBe(5);
  });
});
