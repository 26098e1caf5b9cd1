import { createAsyncThunk, createSelector, createSlice } from "@reduxjs/toolkit";
import { api, ApiError } from "../../app/api";
import { apiThunk, refusalOf } from "../../app/apiThunk";
import { isLatest, requestFailed, requestStarted, requestSucceeded } from "../../lib/latestRequest";
import { toCents } from "../../lib/money";
import { selectUser } from "../account/accountSlice";

// The cart lives in the browser's local storage under this key (SPEC.md §3 'Cart line').
export const CART_KEY = "cart";

// The most pairs one line may hold: the server refuses more (the checkout contract).
export const MAX_QUANTITY = 99;

// Why a checkout did not reach the server, or did not finish there.
export const NO_USER = "no_user";
export const AUTHENTICATION_CANCELLED = "authentication_cancelled";
export const AUTHENTICATION_FAILED = "authentication_failed";

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

// One shoe in one size is one line; the server's answers name lines the same way.
export const lineKey = ({ _id, size }) => `${_id}|${size}`;

export const quantityInCart = (items, { _id, size }) =>
  items.find((line) => sameLine(line, { _id, size }))?.quantity ?? 0;

// What the server reads of a line: the rest (name, image) is for the shopper's eyes.
const forQuote = ({ _id, size, quantity, price }) => ({ _id, size, quantity, price });

// POST /cart/quote: what the shop says now of each line (its price, the pairs it has, and a problem).
export const quoteCart = apiThunk("cart/quoted", (items, options) =>
  api.post("/cart/quote", { shoes: items.map(forQuote) }, options),
);

const refusal = (rejectWithValue, code, message, status = 0) =>
  rejectWithValue({ status, code, message, fields: {}, body: null });

// POST /cart/checkout with the payment method the card widget made (SPEC.md §7). A 202 means the
// bank wants the shopper to confirm (3-D Secure): `confirmAction(answer)` does that with the card
// widget (Stripe's handleCardAction, or the test gateway's dialog) and says whether it went through;
// the same body, same payment method id, is then sent again. Never aborted: a payment the browser
// stopped waiting for may still be charged, and its answer must still clear the cart.
export const checkout = createAsyncThunk(
  "cart/checkedOut",
  async ({ paymentMethodId, confirmAction }, { getState, dispatch, rejectWithValue }) => {
    const state = getState();
    const user = selectUser(state);
    if (!user) return refusal(rejectWithValue, NO_USER, "No user is signed in");
    const items = selectCartItems(state);
    const body = {
      id: paymentMethodId,
      email: user.email,
      uid: user.idUser,
      shoes: items,
      amount: selectCartTotalCents(state),
    };
    try {
      let answer = await api.post("/cart/checkout", body);
      if (answer?.requiresAction) {
        if (!(await confirmAction(answer))) {
          return refusal(rejectWithValue, AUTHENTICATION_CANCELLED, "The payment was not confirmed");
        }
        answer = await api.post("/cart/checkout", body);
        if (answer?.requiresAction) {
          return refusal(rejectWithValue, AUTHENTICATION_FAILED, "The payment was not confirmed", 402);
        }
      }
      return answer;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The shopper saw another total than the shop's: ask the shop again, which flags the lines.
      if (error.code === "amount_mismatch") dispatch(quoteCart(items));
      return rejectWithValue(refusalOf(error));
    }
  },
  { condition: (_, { getState }) => getState().cart.checkout.status !== "paying" },
);

const quoteInitialState = { lines: {}, amount: null, status: "idle", requestId: null, error: null };
const checkoutInitialState = { status: "idle", error: null };

const withQuote = (lines) =>
  Object.fromEntries(
    lines.map(({ _id, size, price, available, problem }) => [
      lineKey({ _id, size }),
      { price, available, problem },
    ]),
  );

const findLine = (state, payload) => state.items.find((line) => sameLine(line, payload));

const removeLine = (state, payload) => {
  state.items = state.items.filter((line) => !sameLine(line, payload));
  delete state.quote.lines[lineKey(payload)];
};

// The most pairs '+' may reach: what the shop had of that size when last asked, and never past 99.
export const quantityLimit = (quoted) => Math.min(MAX_QUANTITY, quoted?.available ?? MAX_QUANTITY);

export const cartInitialState = (items = loadCart()) => ({
  items,
  // The shop's word on each line, by lineKey: {price, available, problem}.
  quote: quoteInitialState,
  checkout: checkoutInitialState,
});

const cartSlice = createSlice({
  name: "cart",
  initialState: () => cartInitialState(),
  reducers: {
    // A card's BUY ME!: a new line, or more pairs on the line of the same shoe and size.
    itemAdded: (state, action) => {
      const line = findLine(state, action.payload);
      if (line) line.quantity = Math.min(line.quantity + action.payload.quantity, MAX_QUANTITY);
      else state.items.push(action.payload);
    },
    quantityIncreased: (state, action) => {
      const line = findLine(state, action.payload);
      if (line && line.quantity < quantityLimit(state.quote.lines[lineKey(line)])) line.quantity += 1;
    },
    quantityDecreased: (state, action) => {
      const line = findLine(state, action.payload);
      if (line && line.quantity > 1) line.quantity -= 1;
    },
    itemRemoved: (state, action) => removeLine(state, action.payload),
    // Clear Cart, and a paid cart: the stored list is emptied.
    cartCleared: (state) => {
      state.items = [];
      state.quote = quoteInitialState;
    },
    // "Use the new price": the line takes the price the shop asks now.
    newPriceAccepted: (state, action) => {
      const line = findLine(state, action.payload);
      const price = state.quote.lines[lineKey(action.payload)]?.price;
      if (line && price !== null && price !== undefined) line.price = price;
    },
    // "Lower to N": the line keeps what the shop has left; nothing left, nothing kept.
    quantityLowered: (state, action) => {
      const line = findLine(state, action.payload);
      const available = state.quote.lines[lineKey(action.payload)]?.available ?? 0;
      if (!line) return;
      if (available < 1) removeLine(state, action.payload);
      else line.quantity = Math.min(line.quantity, available);
    },
    // Leaving /cart. SPEC.md §4 says the cart is cleared when leaving the cart page; we keep the
    // stored lines (clearing them would make Continue Shopping and the header's count pointless) and
    // clear what the cart screen alone uses instead: the quote's flags and the checkout's outcome
    // here, the payment form with the screen's own state. A payment still under way is not
    // forgotten: its answer must still clear a paid cart, and a second one waits for it.
    cartScreenLeft: (state) => {
      state.quote = quoteInitialState;
      if (state.checkout.status !== "paying") state.checkout = checkoutInitialState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(quoteCart.pending, (state, action) => requestStarted(state.quote, action))
      .addCase(quoteCart.fulfilled, (state, action) => {
        if (!isLatest(state.quote, action)) return;
        requestSucceeded(state.quote);
        state.quote.lines = withQuote(action.payload.lines);
        state.quote.amount = action.payload.amount;
      })
      .addCase(quoteCart.rejected, (state, action) => requestFailed(state.quote, action))
      .addCase(checkout.pending, (state) => {
        state.checkout = { status: "paying", error: null };
      })
      .addCase(checkout.fulfilled, (state) => {
        state.items = [];
        state.quote = quoteInitialState;
        state.checkout = { status: "paid", error: null };
      })
      .addCase(checkout.rejected, (state, action) => {
        const error = action.payload ?? { status: 0, code: null, message: action.error.message };
        state.checkout = { status: "failed", error };
        // The lines the shop refused, flagged as the quote flags them; nothing was charged.
        if (error.code === "cart_changed") {
          Object.assign(state.quote.lines, withQuote(error.body?.lines ?? []));
        }
      });
  },
});

export const {
  itemAdded,
  quantityIncreased,
  quantityDecreased,
  itemRemoved,
  cartCleared,
  newPriceAccepted,
  quantityLowered,
  cartScreenLeft,
} = cartSlice.actions;

export const selectCartItems = (state) => state.cart.items;
export const selectQuote = (state) => state.cart.quote;
export const selectCheckout = (state) => state.cart.checkout;

export const selectCartCount = createSelector([selectCartItems], (items) =>
  items.reduce((count, line) => count + line.quantity, 0),
);

// In cents: the total of prices in dollars would show float errors (0.1 + 0.2).
export const selectCartTotalCents = createSelector([selectCartItems], (items) =>
  items.reduce((total, line) => total + toCents(line.price) * line.quantity, 0),
);

// What stands between a line and the checkout, from the shop's last word on it and the line as it
// is now: a fix made in the cart (a new price, fewer pairs) clears the flag before the shop is asked again.
export function lineProblem(line, quoted) {
  if (!quoted) return null;
  if (quoted.problem === "shoe_gone" || quoted.problem === "size_gone") return quoted.problem;
  if (quoted.price !== null && toCents(quoted.price) !== toCents(line.price)) return "price_changed";
  if (line.quantity > quoted.available) return "out_of_stock";
  return null;
}

// The lines as the cart screen shows them: each with the shop's price and stock when known, its
// problem, and how far '+' may go.
export const selectCartLines = createSelector([selectCartItems, selectQuote], (items, quote) =>
  items.map((line) => {
    const quoted = quote.lines[lineKey(line)];
    return {
      ...line,
      key: lineKey(line),
      shopPrice: quoted?.price ?? null,
      available: quoted?.available ?? null,
      problem: lineProblem(line, quoted),
      limit: quantityLimit(quoted),
    };
  }),
);

export const selectHasProblems = createSelector([selectCartLines], (lines) =>
  lines.some((line) => line.problem !== null),
);

// The pay button works only for a cart with something to pay and nothing flagged (SPEC.md §4).
export const selectCanPay = (state) =>
  selectCartItems(state).length > 0 && selectCartTotalCents(state) > 0 && !selectHasProblems(state);

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
