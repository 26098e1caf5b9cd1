import { setupStore } from "../../../app/store";
import reducer, {
  CART_KEY,
  cartCleared,
  cartInitialState,
  cartScreenLeft,
  itemAdded,
  itemRemoved,
  lineProblem,
  loadCart,
  newPriceAccepted,
  persistCart,
  quantityDecreased,
  quantityIncreased,
  quantityInCart,
  quantityLowered,
  quoteCart,
  saveCart,
  selectCanPay,
  selectCartCount,
  selectCartLines,
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

// A cart state with the shop's word on its lines: quoted {"7|9": {price, available, problem}}.
function cartWith(items, quoted = {}) {
  const state = cartInitialState(items);
  return { ...state, quote: { ...state.quote, status: "succeeded", lines: quoted } };
}

const quoted = (overrides = {}) => ({ price: 0.1, available: 5, problem: null, ...overrides });
const which = { _id: 7, size: "9" };

describe("'+' and '-'", () => {
  test("'+' adds a pair to that shoe and size only", () => {
    const state = reducer(cartWith([line(), line({ size: "10" })]), quantityIncreased(which));
    expect(state.items.map((item) => item.quantity)).toEqual([2, 1]);
  });

  test("'+' stops at the pairs the shop had of that size when last asked", () => {
    let state = cartWith([line({ quantity: 2 })], { "7|9": quoted({ available: 3 }) });
    state = reducer(state, quantityIncreased(which));
    state = reducer(state, quantityIncreased(which));
    expect(state.items[0].quantity).toBe(3);
  });

  test("'+' never goes past 99, even with more in stock or no word from the shop yet", () => {
    let state = cartWith([line({ quantity: 98 })]);
    state = reducer(state, quantityIncreased(which));
    state = reducer(state, quantityIncreased(which));
    expect(state.items[0].quantity).toBe(99);
    state = cartWith([line({ quantity: 99 })], { "7|9": quoted({ available: 500 }) });
    expect(reducer(state, quantityIncreased(which)).items[0].quantity).toBe(99);
  });

  test("adding from a card never goes past 99 either", () => {
    const state = reducer(cartWith([line({ quantity: 98 })]), itemAdded(line({ quantity: 5 })));
    expect(state.items[0].quantity).toBe(99);
  });

  test("'-' takes a pair away but never goes below 1", () => {
    let state = cartWith([line({ quantity: 2 })]);
    state = reducer(state, quantityDecreased(which));
    state = reducer(state, quantityDecreased(which));
    expect(state.items[0].quantity).toBe(1);
  });

  test("the totals move with the quantity, in cents", () => {
    let state = { cart: cartWith([line({ price: 0.1 }), line({ _id: 8, price: 0.2 })]) };
    expect(selectCartTotalCents(state)).toBe(30);
    state = { cart: reducer(state.cart, quantityIncreased(which)) };
    expect(selectCartTotalCents(state)).toBe(40);
    state = { cart: reducer(state.cart, quantityDecreased(which)) };
    expect(selectCartTotalCents(state)).toBe(30);
  });
});

describe("trash and Clear Cart", () => {
  test("the trash removes the line and its flag, and the total drops", () => {
    let state = cartWith([line({ price: 19.99, quantity: 2 }), line({ _id: 8, price: 0.2 })], {
      "7|9": quoted({ problem: "shoe_gone", price: null, available: 0 }),
    });
    state = reducer(state, itemRemoved(which));
    expect(state.items.map((item) => item._id)).toEqual([8]);
    expect(state.quote.lines).toEqual({});
    expect(selectCartTotalCents({ cart: state })).toBe(20);
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
    let state = cartWith([line({ price: 99.99 })], {
      "7|9": quoted({ price: 109.99, problem: "price_changed" }),
    });
    expect(selectCartLines({ cart: state })[0].problem).toBe("price_changed");
    state = reducer(state, newPriceAccepted(which));
    expect(state.items[0].price).toBe(109.99);
    expect(selectCartLines({ cart: state })[0].problem).toBeNull();
    expect(selectCartTotalCents({ cart: state })).toBe(10999);
  });

  test("'Lower to N' keeps what the shop has left; with nothing left the line goes", () => {
    let state = cartWith([line({ quantity: 5 })], {
      "7|9": quoted({ available: 2, problem: "out_of_stock" }),
    });
    state = reducer(state, quantityLowered(which));
    expect(state.items[0].quantity).toBe(2);
    expect(selectCartLines({ cart: state })[0].problem).toBeNull();

    state = cartWith([line({ quantity: 5 })], { "7|9": quoted({ available: 0, problem: "out_of_stock" }) });
    expect(reducer(state, quantityLowered(which)).items).toEqual([]);
  });

  test("the cart lines carry the shop's price, stock and the limit of '+'", () => {
    const state = { cart: cartWith([line(), line({ _id: 8 })], { "7|9": quoted({ available: 3 }) }) };
    expect(selectCartLines(state).map(({ key, available, limit }) => [key, available, limit])).toEqual([
      ["7|9", 3, 3],
      ["8|9", null, 99],
    ]);
  });
});

describe("the pay button", () => {
  const canPay = (cart) => selectCanPay({ cart });

  test("works for a cart with something to pay and nothing flagged", () => {
    expect(canPay(cartWith([line()], { "7|9": quoted() }))).toBe(true);
  });

  test("does not for an empty cart, a total of 0 or a flagged line", () => {
    expect(canPay(cartWith([]))).toBe(false);
    expect(canPay(cartWith([line({ price: 0 })]))).toBe(false);
    expect(
      canPay(cartWith([line()], { "7|9": quoted({ problem: "size_gone", price: null, available: 0 }) })),
    ).toBe(false);
  });
});

test("the shop's latest answer is the one kept", () => {
  let state = cartWith([line()]);
  const older = quoteCart.pending("older", [line()]);
  const newer = quoteCart.pending("newer", [line()]);
  state = reducer(state, older);
  state = reducer(state, newer);
  const answer = (available) => ({
    amount: 10,
    lines: [{ index: 0, _id: 7, size: "9", price: 0.1, available, problem: null }],
  });
  state = reducer(state, quoteCart.fulfilled(answer(7), "newer", [line()]));
  state = reducer(state, quoteCart.fulfilled(answer(1), "older", [line()]));
  expect(state.quote.lines["7|9"].available).toBe(7);
});

test("leaving the cart screen keeps the lines and forgets the flags and the payment's outcome", () => {
  const state = reducer(
    {
      ...cartWith([line()], { "7|9": quoted({ problem: "shoe_gone" }) }),
      checkout: { status: "failed", error: { status: 402 } },
    },
    cartScreenLeft(),
  );
  expect(state.items).toEqual([line()]);
  expect(state.quote.lines).toEqual({});
  expect(state.checkout).toEqual({ status: "idle", error: null });
});
