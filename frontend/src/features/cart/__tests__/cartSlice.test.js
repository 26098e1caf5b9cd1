import { setupStore } from "../../../app/store";
import { quantityInCart } from "../../../lib/cartLines";
import { buyMePressed } from "../../catalog";
import reducer, {
  CART_KEY,
  cartCleared,
  cartInitialState,
  itemRemoved,
  loadCart,
  newPriceAccepted,
  persistCart,
  quantityDecreased,
  quantityIncreased,
  quantityLowered,
  saveCart,
  selectCartCount,
  selectCartTotalCents,
} from "../cartSlice";
import { canPay, cartLines, lineProblem } from "../lines";

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
    const state = reducer({ items: [line()] }, buyMePressed(line({ _id: 8 })));
    expect(state.items.map((item) => item._id)).toEqual([7, 8]);
  });

  test("the same shoe and size again raises that line's quantity instead", () => {
    let state = reducer({ items: [] }, buyMePressed(line()));
    state = reducer(state, buyMePressed(line()));
    state = reducer(state, buyMePressed(line({ size: "9.5" })));
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
    store.dispatch(buyMePressed(line()));
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

const cartWith = (items) => cartInitialState(items);

// The shop's word on a line, as the quote answers it.
const quoted = (overrides = {}) => ({
  _id: 7,
  size: "9",
  price: 0.1,
  available: 5,
  problem: null,
  ...overrides,
});
const which = { _id: 7, size: "9" };
const total = (state) => selectCartTotalCents({ cart: state });

describe("'+' and '-'", () => {
  test("'+' adds a pair to that shoe and size only", () => {
    const state = reducer(cartWith([line(), line({ size: "10" })]), quantityIncreased(which));
    expect(state.items.map((item) => item.quantity)).toEqual([2, 1]);
  });

  test("'+' stops at the pairs the shop had of that size when last asked", () => {
    let state = cartWith([line({ quantity: 2 })]);
    const [{ limit }] = cartLines(state.items, [quoted({ available: 3 })]);
    expect(limit).toBe(3);
    state = reducer(state, quantityIncreased({ ...which, limit }));
    state = reducer(state, quantityIncreased({ ...which, limit }));
    expect(state.items[0].quantity).toBe(3);
  });

  test("'+' never goes past 99, even with more in stock or no word from the shop yet", () => {
    let state = cartWith([line({ quantity: 98 })]);
    const [{ limit }] = cartLines(state.items);
    state = reducer(state, quantityIncreased({ ...which, limit }));
    state = reducer(state, quantityIncreased({ ...which, limit }));
    expect(state.items[0].quantity).toBe(99);
    state = cartWith([line({ quantity: 99 })]);
    expect(reducer(state, quantityIncreased({ ...which, limit: 500 })).items[0].quantity).toBe(99);
  });

  test("adding from a card never goes past 99 either", () => {
    const state = reducer(cartWith([line({ quantity: 98 })]), buyMePressed(line({ quantity: 5 })));
    expect(state.items[0].quantity).toBe(99);
  });

  test("'-' takes a pair away but never goes below 1", () => {
    let state = cartWith([line({ quantity: 2 })]);
    state = reducer(state, quantityDecreased(which));
    state = reducer(state, quantityDecreased(which));
    expect(state.items[0].quantity).toBe(1);
  });

  test("the totals move with the quantity, in cents", () => {
    let state = cartWith([line({ price: 0.1 }), line({ _id: 8, price: 0.2 })]);
    expect(total(state)).toBe(30);
    state = reducer(state, quantityIncreased(which));
    expect(total(state)).toBe(40);
    state = reducer(state, quantityDecreased(which));
    expect(total(state)).toBe(30);
  });
});

describe("trash and Clear Cart", () => {
  test("the trash removes the line, and the total drops", () => {
    let state = cartWith([line({ price: 19.99, quantity: 2 }), line({ _id: 8, price: 0.2 })]);
    state = reducer(state, itemRemoved(which));
    expect(state.items.map((item) => item._id)).toEqual([8]);
    expect(cartLines(state.items, [quoted({ problem: "shoe_gone", price: null, available: 0 })])).toEqual([
      expect.objectContaining({ _id: 8, problem: null }),
    ]);
    expect(total(state)).toBe(20);
  });

  test("Clear Cart stores an empty list", () => {
    localStorage.setItem(CART_KEY, JSON.stringify([line()]));
    const store = setupStore();
    persistCart(store);
    store.dispatch(cartCleared());
    expect(store.getState().cart.items).toEqual([]);
    expect(JSON.parse(localStorage.getItem(CART_KEY))).toEqual([]);
  });
});

describe("flagged lines and their fixes", () => {
  test("a shoe or size the shop no longer sells is flagged", () => {
    for (const problem of ["shoe_gone", "size_gone"]) {
      expect(lineProblem(line(), quoted({ problem, price: null, available: 0 }))).toBe(problem);
    }
  });

  test("a price that differs from the shop's, by a cent or more, is flagged", () => {
    expect(lineProblem(line({ price: 0.3 }), quoted({ price: 0.1 + 0.2 }))).toBeNull();
    expect(lineProblem(line({ price: 99.99 }), quoted({ price: 109.99 }))).toBe("price_changed");
  });

  test("more pairs than the shop has is flagged", () => {
    expect(lineProblem(line({ quantity: 4 }), quoted({ available: 3 }))).toBe("out_of_stock");
    expect(lineProblem(line({ quantity: 3 }), quoted({ available: 3 }))).toBeNull();
  });

  test("a line the shop has not spoken of yet is not flagged", () => {
    expect(lineProblem(line(), undefined)).toBeNull();
  });

  test("'Use the new price' takes the shop's price, which clears the flag", () => {
    const word = [quoted({ price: 109.99, problem: "price_changed" })];
    let state = cartWith([line({ price: 99.99 })]);
    const [flagged] = cartLines(state.items, word);
    expect(flagged.problem).toBe("price_changed");
    state = reducer(state, newPriceAccepted({ ...which, price: flagged.shopPrice }));
    expect(state.items[0].price).toBe(109.99);
    expect(cartLines(state.items, word)[0].problem).toBeNull();
    expect(total(state)).toBe(10999);
  });

  test("'Lower to N' keeps what the shop has left; with nothing left the line goes", () => {
    const word = [quoted({ available: 2, problem: "out_of_stock" })];
    let state = cartWith([line({ quantity: 5 })]);
    state = reducer(
      state,
      quantityLowered({ ...which, available: cartLines(state.items, word)[0].available }),
    );
    expect(state.items[0].quantity).toBe(2);
    expect(cartLines(state.items, word)[0].problem).toBeNull();

    state = reducer(cartWith([line({ quantity: 5 })]), quantityLowered({ ...which, available: 0 }));
    expect(state.items).toEqual([]);
  });

  test("the cart lines carry the shop's price, stock and the limit of '+'", () => {
    const lines = cartLines([line(), line({ _id: 8 })], [quoted({ available: 3 })]);
    expect(lines.map(({ key, available, limit }) => [key, available, limit])).toEqual([
      ["7|9", 3, 3],
      ["8|9", null, 99],
    ]);
  });
});

describe("the pay button", () => {
  const payable = (items, word = []) => canPay(cartLines(items, word), total(cartWith(items)));

  test("works for a cart with something to pay and nothing flagged", () => {
    expect(payable([line()], [quoted()])).toBe(true);
  });

  test("does not for an empty cart, a total of 0 or a flagged line", () => {
    expect(payable([])).toBe(false);
    expect(payable([line({ price: 0 })])).toBe(false);
    expect(payable([line()], [quoted({ problem: "size_gone", price: null, available: 0 })])).toBe(false);
  });
});
