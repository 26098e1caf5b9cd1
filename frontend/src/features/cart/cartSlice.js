import { createSelector, createSlice } from "@reduxjs/toolkit";
import { toCents } from "../../lib/money";

// The cart lives in the browser's local storage under this key (SPEC.md §3 'Cart line').
export const CART_KEY = "cart";

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

const sameLine = (line, other) => line._id === other._id && line.size === other.size;

export const quantityInCart = (items, { _id, size }) =>
  items.find((line) => sameLine(line, { _id, size }))?.quantity ?? 0;

const cartSlice = createSlice({
  name: "cart",
  initialState: () => ({ items: loadCart() }),
  reducers: {
    // A card's BUY ME!: a new line, or more pairs on the line of the same shoe and size.
    itemAdded: (state, action) => {
      const line = state.items.find((item) => sameLine(item, action.payload));
      if (line) line.quantity += action.payload.quantity;
      else state.items.push(action.payload);
    },
  },
});

export const { itemAdded } = cartSlice.actions;

export const selectCartItems = (state) => state.cart.items;

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
