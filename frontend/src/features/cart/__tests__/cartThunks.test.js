import { setupStore } from "../../../app/store";
import { flushPromises, installFakeApi, userRecord } from "../../../testing/fakeApi";
import {
  AUTHENTICATION_CANCELLED,
  cartInitialState,
  checkout,
  NO_USER,
  quoteCart,
  selectCartLines,
} from "../cartSlice";

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

function storeWith(items, { signedIn = true } = {}) {
  return setupStore({
    cart: cartInitialState(items),
    account: signedIn ? { user, status: "signedIn" } : { user: null, status: "signedOut" },
  });
}

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
    const store = storeWith([line(), line({ _id: 8, size: "10" })]);
    await store.dispatch(quoteCart(store.getState().cart.items));

    expect(calls[0].body).toEqual({
      shoes: [
        { _id: 7, size: "9.5", quantity: 2, price: 129.99 },
        { _id: 8, size: "10", quantity: 2, price: 129.99 },
      ],
    });
    expect(selectCartLines(store.getState()).map(({ problem, available }) => [problem, available])).toEqual([
      [null, 3],
      ["shoe_gone", 0],
    ]);
    expect(store.getState().cart.quote.amount).toBe(25998);
  });

  test("a refused quote flags nothing and says it failed", async () => {
    installFakeApi({
      "POST /cart/quote": [400, { shoes: ["Ensure this field has no more than 50 elements."] }],
    });
    const store = storeWith([line()]);
    await store.dispatch(quoteCart(store.getState().cart.items));
    expect(store.getState().cart.quote.status).toBe("failed");
    expect(selectCartLines(store.getState())[0].problem).toBeNull();
  });
});

describe("the checkout", () => {
  const pay = (store, confirmAction = jest.fn()) =>
    store.dispatch(checkout({ paymentMethodId: "pm_card_visa--abc12345", confirmAction }));

  test("201: sends the spec's body, and the paid cart is cleared", async () => {
    const calls = installFakeApi({ "POST /cart/checkout": [201, paid] });
    const store = storeWith([line(), line({ size: "10", quantity: 1, price: 0.1 })]);
    const result = await pay(store);

    expect(checkout.fulfilled.match(result)).toBe(true);
    expect(result.payload).toEqual(paid);
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({
      id: "pm_card_visa--abc12345",
      email: "ana@example.com",
      uid: "u".repeat(28),
      shoes: [line(), line({ size: "10", quantity: 1, price: 0.1 })],
      amount: 2 * 12999 + 10,
    });
    expect(store.getState().cart.items).toEqual([]);
    expect(store.getState().cart.checkout.status).toBe("paid");
  });

  test("200 (the same payment method already paid) is a success too", async () => {
    installFakeApi({ "POST /cart/checkout": [200, paid] });
    const store = storeWith([line()]);
    expect(checkout.fulfilled.match(await pay(store))).toBe(true);
    expect(store.getState().cart.items).toEqual([]);
  });

  test("202 then 201: the bank's check is confirmed, then the same body goes again", async () => {
    const answers = [
      [
        202,
        {
          requiresAction: true,
          clientSecret: "pi_1_secret_2",
          message: "Your bank asks you to confirm this payment.",
        },
      ],
      [201, paid],
    ];
    const calls = installFakeApi({ "POST /cart/checkout": () => answers.shift() });
    const confirmAction = jest.fn(async () => true);
    const store = storeWith([line()]);
    const result = await pay(store, confirmAction);

    expect(confirmAction).toHaveBeenCalledWith(expect.objectContaining({ clientSecret: "pi_1_secret_2" }));
    expect(calls).toHaveLength(2);
    expect(calls[1].body).toEqual(calls[0].body);
    expect(checkout.fulfilled.match(result)).toBe(true);
    expect(store.getState().cart.items).toEqual([]);
  });

  test("202 and the shopper cancels: nothing is sent again and the cart stays", async () => {
    const calls = installFakeApi({
      "POST /cart/checkout": [
        202,
        { requiresAction: true, clientSecret: "pi_1_secret_2", message: "Confirm" },
      ],
    });
    const store = storeWith([line()]);
    const result = await pay(store, async () => false);
    expect(result.payload.code).toBe(AUTHENTICATION_CANCELLED);
    expect(calls).toHaveLength(1);
    expect(store.getState().cart.items).toEqual([line()]);
  });

  test("402: declined, the cart stays", async () => {
    installFakeApi({
      "POST /cart/checkout": [402, { detail: "Your card was declined.", code: "card_declined" }],
    });
    const store = storeWith([line()]);
    const result = await pay(store);
    expect(result.payload).toMatchObject({
      status: 402,
      code: "card_declined",
      message: "Your card was declined.",
    });
    expect(store.getState().cart.items).toEqual([line()]);
    expect(store.getState().cart.checkout.status).toBe("failed");
  });

  test("409 cart_changed: the lines the shop refused are flagged, nothing else changes", async () => {
    installFakeApi({
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
    const store = storeWith([line(), line({ _id: 8, size: "10", price: 129.99, quantity: 1 })]);
    const result = await pay(store);
    expect(result.payload.code).toBe("cart_changed");
    const lines = selectCartLines(store.getState());
    expect(lines.map((item) => item.problem)).toEqual([null, "price_changed"]);
    expect(lines[1].shopPrice).toBe(149.99);
    expect(store.getState().cart.items).toHaveLength(2);
  });

  test("409 amount_mismatch: the shop is asked again, which flags the lines", async () => {
    const calls = installFakeApi({
      "POST /cart/checkout": [409, { detail: "The total changed.", code: "amount_mismatch", amount: 27998 }],
      "POST /cart/quote": { amount: 27998, lines: [quoteLine({ price: 139.99, problem: "price_changed" })] },
    });
    const store = storeWith([line()]);
    const result = await pay(store);
    expect(result.payload.code).toBe("amount_mismatch");
    await flushPromises();
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      "POST /cart/checkout",
      "POST /cart/quote",
    ]);
    expect(selectCartLines(store.getState())[0].problem).toBe("price_changed");
  });

  test("without a signed-in user nothing is sent", async () => {
    const calls = installFakeApi({});
    const store = storeWith([line()], { signedIn: false });
    const result = await pay(store);
    expect(result.payload.code).toBe(NO_USER);
    expect(calls).toEqual([]);
    expect(store.getState().cart.items).toEqual([line()]);
  });

  test("a second press while paying sends nothing more", async () => {
    const calls = installFakeApi({ "POST /cart/checkout": [201, paid] });
    const store = storeWith([line()]);
    const [first, second] = await Promise.all([pay(store), pay(store)]);
    expect(checkout.fulfilled.match(first)).toBe(true);
    expect(second.meta.condition).toBe(true);
    expect(calls).toHaveLength(1);
  });
});
