// The cart screen in Jest: its lines, the quote the shop answers for them, and the payment form filled in
// (pages/__tests__/Cart*.test.jsx).
import { act, screen } from "@testing-library/react";
import { flushPromises, installFakeApi, userRecord } from "./fakeApi";
import { screenReady, renderWithProviders } from "./renderWithProviders";
import { cartInitialState } from "../features/cart/cartSlice";
import { toCents } from "../lib/money";

export const airSwift = (overrides = {}) => ({
  _id: 7,
  name: "Air Swift",
  image: "/media/shoes/7.webp",
  price: 0.1,
  size: "9",
  quantity: 1,
  ...overrides,
});

export const quoteLine = (overrides = {}) => ({
  index: 0,
  _id: 7,
  size: "9",
  price: 0.1,
  available: 3,
  problem: null,
  ...overrides,
});

// The quote answers for the lines it is sent: every line fine, unless `lines` says otherwise; the total is what
// the fine lines come to, with no code, shipping or tax (a shop without pricing tables).
export const quoteOf =
  (lines = {}) =>
  ({ body }) => {
    const quoted = body.shoes.map((line, index) =>
      quoteLine({
        index,
        _id: line._id,
        size: line.size,
        price: line.price,
        ...lines[`${line._id}|${line.size}`],
      }),
    );
    const total = quoted
      .filter((line) => line.problem === null)
      .reduce((sum, line) => sum + toCents(line.price) * body.shoes[line.index].quantity, 0);
    return {
      amount: total,
      lines: quoted,
      ...{ subtotal: total, discount: 0, shipping: 0, tax: 0, taxIncluded: false, total },
      ...{ code: null, shippingMethods: [], shippingMethod: null },
    };
  };

export const paid = {
  message: "Thank you for your purchase! Your order is on its way.",
  order: { idPayment: "pi_test_42", amount: 30, shoe: [], status: "Pending", date: "2026-11-22T10:00:00Z" },
};

export async function renderCart({ items = [airSwift()], answers = {}, signedIn = true } = {}) {
  const calls = installFakeApi({
    "GET /brands": [],
    "GET /shoes": { count: 0, results: [] },
    "POST /cart/quote": quoteOf(),
    ...answers,
  });
  const account = signedIn ? { user: userRecord(), status: "signedIn" } : { user: null, status: "signedOut" };
  const view = renderWithProviders({
    path: "/cart",
    preloadedState: { cart: cartInitialState(items), account },
  });
  // The header's brands come in, and React draws what they changed.
  await screenReady(view.store);
  await act(() => flushPromises());
  return { ...view, calls };
}

export const quotes = (calls) => calls.filter((call) => call.path === "/cart/quote");
export const lineNamed = (name) => screen.getByRole("listitem", { name });
export const payButton = () => screen.getByRole("button", { name: /^(Pay|Proccesading\.\.\.)$/ });

export async function fillPaymentForm(user, { card = "4242424242424242" } = {}) {
  await user.type(screen.getByLabelText("Cardholder name"), "Ana Runner");
  await user.type(screen.getByLabelText("State"), "Jalisco");
  await user.type(screen.getByLabelText("City"), "Guadalajara");
  await user.type(screen.getByLabelText("Line 1"), "Calle 5-B");
  await user.type(screen.getByLabelText("Card number"), card);
  await user.type(screen.getByLabelText("MM/YY"), "1240");
  await user.type(screen.getByLabelText("CVC"), "123");
  await user.type(screen.getByLabelText("Postal code"), "44100");
}
