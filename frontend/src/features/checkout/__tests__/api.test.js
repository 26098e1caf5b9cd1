import { setupStore } from "../../../app/store";
import { flushPromises, installFakeApi, userRecord } from "../../../testing/fakeApi";
import { cartInitialState } from "../../cart/cartSlice";
import { cartLines } from "../../cart/lines";
import { checkoutApi, quoteArg } from "../api";

const { quoteCart, checkout } = checkoutApi.endpoints;

const line = (overrides = {}) => ({
  _id: 7,
  name: "Air Swift",
  image: "/media/shoes/7.webp",
  price: 129.99,
  size: "9.5",
  quantity: 2,
  ...overrides,
});

const user = userRecord({ email: "ana@example.com", idUser: "u".repeat(28) });

const storeWith = (items) =>
  setupStore({ cart: cartInitialState(items), account: { user, status: "signedIn", turnedAway: false } });

const order = (overrides = {}) => ({
  _id: 12,
  idPayment: "pi_test_3f9a",
  email: "ana@example.com",
  amount: 25998,
  date: "2026-11-22T10:31:07.123456Z",
  status: "Pending",
  shoe: [{ ...line(), brand: "Nike" }],
  ...overrides,
});

const paid = { message: "Thank you for your purchase! Your order is on its way.", order: order() };

const quoteLine = (overrides = {}) => ({
  index: 0,
  _id: 7,
  size: "9.5",
  price: 129.99,
  available: 3,
  problem: null,
  ...overrides,
});

// The checkout's body, as the pay button sends it for the store's cart.
const bodyFor = (items) => ({
  id: "pm_card_visa--abc12345",
  email: user.email,
  uid: user.idUser,
  shoes: items,
  amount: 25998,
});

// The cart screen's question to the shop, kept open as the screen keeps it.
const quoting = (store, items) => store.dispatch(quoteCart.initiate(quoteArg(items)));
const shopWord = (store, items) => quoteCart.select(quoteArg(items))(store.getState());

beforeEach(() => localStorage.clear());

describe("the quote", () => {
  test("sends what the server reads of each line and keeps the shop's word on it", async () => {
    const calls = installFakeApi({
      "POST /cart/quote": {
        amount: 25998,
        lines: [
          quoteLine(),
          quoteLine({ index: 1, _id: 8, size: "10", price: null, available: 0, problem: "shoe_gone" }),
        ],
      },
    });
    const items = [line(), line({ _id: 8, size: "10" })];
    const store = storeWith(items);
    await quoting(store, items);

    expect(calls[0].body).toEqual({
      shoes: [
        { _id: 7, size: "9.5", quantity: 2, price: 129.99 },
        { _id: 8, size: "10", quantity: 2, price: 129.99 },
      ],
    });
    const lines = cartLines(items, shopWord(store, items).data.lines);
    expect(lines.map(({ problem, available }) => [problem, available])).toEqual([
      [null, 3],
      ["shoe_gone", 0],
    ]);
    expect(shopWord(store, items).data.amount).toBe(25998);
  });

  test("a refused quote flags nothing and says it failed", async () => {
    installFakeApi({
      "POST /cart/quote": [400, { shoes: ["Ensure this field has no more than 50 elements."] }],
    });
    const items = [line()];
    const store = storeWith(items);
    await quoting(store, items);
    expect(shopWord(store, items).isError).toBe(true);
    expect(cartLines(items, shopWord(store, items).data?.lines)[0].problem).toBeNull();
  });

  test("the shop's word is forgotten once nobody shows it", async () => {
    installFakeApi({ "POST /cart/quote": { amount: 0, lines: [quoteLine()] } });
    const items = [line()];
    const store = storeWith(items);
    const question = quoting(store, items);
    await question;
    question.unsubscribe();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(shopWord(store, items).isUninitialized).toBe(true);
  });
});

describe("the checkout", () => {
  test("paid (201): the cart is cleared, and the answer carries the order", async () => {
    const calls = installFakeApi({ "POST /cart/checkout": [201, paid] });
    const items = [line()];
    const store = storeWith(items);
    const { data } = await store.dispatch(checkout.initiate(bodyFor(items)));

    expect(data).toEqual(paid);
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual(bodyFor(items));
    expect(store.getState().cart.items).toEqual([]);
    await flushPromises();
    expect(calls).toHaveLength(1);
  });

  test("200 (the same payment method already paid) is a success too", async () => {
    installFakeApi({ "POST /cart/checkout": [200, paid] });
    const store = storeWith([line()]);
    await store.dispatch(checkout.initiate(bodyFor([line()])));
    expect(store.getState().cart.items).toEqual([]);
  });

  test("202: the bank wants the shopper to confirm; nothing is paid yet and the cart stays", async () => {
    installFakeApi({
      "POST /cart/checkout": [
        202,
        { requiresAction: true, clientSecret: "pi_1_secret_2", message: "Confirm" },
      ],
    });
    const store = storeWith([line()]);
    const { data } = await store.dispatch(checkout.initiate(bodyFor([line()])));
    expect(data.requiresAction).toBe(true);
    expect(store.getState().cart.items).toEqual([line()]);
  });

  test("402: declined, the cart stays", async () => {
    installFakeApi({
      "POST /cart/checkout": [402, { detail: "Your card was declined.", code: "card_declined" }],
    });
    const store = storeWith([line()]);
    const { error } = await store.dispatch(checkout.initiate(bodyFor([line()])));
    expect(error).toMatchObject({ status: 402, code: "card_declined", message: "Your card was declined." });
    expect(store.getState().cart.items).toEqual([line()]);
  });

  test("409 cart_changed: the lines the shop refused are flagged, nothing else changes", async () => {
    installFakeApi({
      "POST /cart/quote": {
        amount: 25998,
        lines: [quoteLine(), quoteLine({ index: 1, _id: 8, size: "10" })],
      },
      "POST /cart/checkout": [
        409,
        {
          detail: "Your cart changed.",
          code: "cart_changed",
          lines: [
            quoteLine({
              index: 1,
              _id: 8,
              size: "10",
              price: 149.99,
              available: 4,
              problem: "price_changed",
            }),
          ],
        },
      ],
    });
    const items = [line(), line({ _id: 8, size: "10", price: 129.99, quantity: 1 })];
    const store = storeWith(items);
    await quoting(store, items);
    const { error } = await store.dispatch(checkout.initiate(bodyFor(items)));

    expect(error.code).toBe("cart_changed");
    const lines = cartLines(items, shopWord(store, items).data.lines);
    expect(lines.map((item) => item.problem)).toEqual([null, "price_changed"]);
    expect(lines[1].shopPrice).toBe(149.99);
    expect(store.getState().cart.items).toHaveLength(2);
  });

  test("409 amount_mismatch: the shop is asked again, which flags the lines", async () => {
    const quotes = [
      { amount: 25998, lines: [quoteLine()] },
      { amount: 27998, lines: [quoteLine({ price: 139.99, problem: "price_changed" })] },
    ];
    const calls = installFakeApi({
      "POST /cart/checkout": [409, { detail: "The total changed.", code: "amount_mismatch", amount: 27998 }],
      "POST /cart/quote": () => quotes.shift(),
    });
    const items = [line()];
    const store = storeWith(items);
    await quoting(store, items);
    const { error } = await store.dispatch(checkout.initiate(bodyFor(items)));
    expect(error.code).toBe("amount_mismatch");
    await flushPromises();
    await flushPromises();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "POST /cart/quote",
      "POST /cart/checkout",
      "POST /cart/quote",
    ]);
    expect(cartLines(items, shopWord(store, items).data.lines)[0].problem).toBe("price_changed");
  });
});
