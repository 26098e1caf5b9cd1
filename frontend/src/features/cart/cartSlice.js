import { createSelector, createSlice } from "@reduxjs/toolkit";
import { sameLine } from "../../lib/cartLines";
import { toCents } from "../../lib/money";
import { selectCartItems } from "../../lib/session";
// The two other features' events the cart reacts to (eslint.config.js allows these two imports).
import { buyMePressed } from "../catalog";
import { checkoutApi } from "../checkout";

// The cart: its lines, kept in the browser's local storage under this key (docs/PRODUCT.md §3 'Cart
// line'). What the shop says of them (the quote) and the payment are the checkout's, from the API.
export const CART_KEY = "cart";

// The most pairs one line may hold: the server refuses more (the checkout contract).
export const MAX_QUANTITY = 99;

function isCartLine(line) {
  return (
    line !== null &&
    typeof line === "object" &&
    line._id !== undefined &&
    typeof line.size === "string" &&
    Number.isInteger(line.quantity) &&
    line.quantity > 0 &&
    Number.isFinite(Number(line.price))
  );
}

// The stored cart, or an empty one: a cart another version of the shop wrote, or one edited by
// hand, must not break the page. Lines that are not lines are dropped.
export function loadCart(storage = globalThis.localStorage) {
  try {
    const items = JSON.parse(storage?.getItem(CART_KEY) ?? "[]");
    return Array.isArray(items) ? items.filter(isCartLine) : [];
  } catch {
    return [];
  }
}

export function saveCart(items, storage = globalThis.localStorage) {
  try {
    storage?.setItem(CART_KEY, JSON.stringify(items));
  } catch {
    // Storage full or refused (private mode): the cart still works for this visit.
  }
}

const findLine = (state, payload) => state.items.find((line) => sameLine(line, payload));

const removeLine = (state, payload) => {
  state.items = state.items.filter((line) => !sameLine(line, payload));
};

export const cartInitialState = (items = loadCart()) => ({ items });

// The fixes of a flagged line carry the shop's word on it (lines.js): its price, what it has left,
// how far '+' may go.
export const cartSlice = createSlice({
  name: "cart",
  initialState: () => cartInitialState(),
  reducers: {
    // '+', up to `limit` (lines.js's quantityLimit).
    quantityIncreased: (state, action) => {
      const line = findLine(state, action.payload);
      const limit = Math.min(action.payload.limit ?? MAX_QUANTITY, MAX_QUANTITY);
      if (line && line.quantity < limit) line.quantity += 1;
    },
    quantityDecreased: (state, action) => {
      const line = findLine(state, action.payload);
      if (line && line.quantity > 1) line.quantity -= 1;
    },
    itemRemoved: (state, action) => removeLine(state, action.payload),
    // Clear Cart: the stored list is emptied.
    cartCleared: (state) => {
      state.items = [];
    },
    // "Use the new price": the line takes the `price` the shop asks now (and its regular price, struck
    // through beside a sale price).
    newPriceAccepted: (state, action) => {
      const line = findLine(state, action.payload);
      const { price, regularPrice } = action.payload;
      if (line && price !== null && price !== undefined) line.price = price;
      if (line && regularPrice !== null && regularPrice !== undefined) line.regularPrice = regularPrice;
    },
    // "Lower to N": the line keeps what the shop has left (`available`); nothing left, nothing kept.
    quantityLowered: (state, action) => {
      const line = findLine(state, action.payload);
      const available = action.payload.available ?? 0;
      if (!line) return;
      if (available < 1) removeLine(state, action.payload);
      else line.quantity = Math.min(line.quantity, available);
    },
  },
  extraReducers: (builder) => {
    // BUY ME! on a card or a shoe's page (the catalogue's event): a new line, or more pairs on the line
    // of the same shoe and size.
    builder.addCase(buyMePressed, (state, action) => {
      const line = findLine(state, action.payload);
      if (line) line.quantity = Math.min(line.quantity + action.payload.quantity, MAX_QUANTITY);
      else state.items.push(action.payload);
    });
    // A paid cart is emptied (docs/PRODUCT.md §4), whichever screen the shopper is on when the answer
    // comes. Leaving /cart empties nothing (docs/PRODUCT.md §4 says why): only the shop's word on the
    // lines is forgotten then (checkout's quoteCart).
    builder.addMatcher(checkoutApi.endpoints.checkout.matchFulfilled, (state, action) => {
      if (action.payload?.order) state.items = [];
    });
  },
});

export const {
  quantityIncreased,
  quantityDecreased,
  itemRemoved,
  cartCleared,
  newPriceAccepted,
  quantityLowered,
} = cartSlice.actions;

export const selectCartCount = createSelector([selectCartItems], (items) =>
  items.reduce((count, line) => count + line.quantity, 0),
);

// In cents: the total of prices in dollars would show float errors (0.1 + 0.2).
export const selectCartTotalCents = createSelector([selectCartItems], (items) =>
  items.reduce((total, line) => total + toCents(line.price) * line.quantity, 0),
);

// Keeps local storage in step with the cart: written when the cart's lines change, not on every action.
export function persistCart(store, storage = globalThis.localStorage) {
  let saved = selectCartItems(store.getState());
  return store.subscribe(() => {
    const items = selectCartItems(store.getState());
    if (items !== saved) {
      saved = items;
      saveCart(items, storage);
    }
  });
}

export default cartSlice.reducer;
