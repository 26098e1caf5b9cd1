import { act, screen, waitFor, within } from "@testing-library/react";
import { confirmPopup, errorPopup, successPopup } from "../../lib/popup";
import { flushPromises, installFakeApi, userRecord } from "../../testing/fakeApi";
import { screenReady, renderWithProviders } from "../../testing/renderWithProviders";
import { cartInitialState } from "../../features/cart/cartSlice";

jest.mock("../../lib/popup");

const airSwift = (overrides = {}) => ({
  _id: 7,
  name: "Air Swift",
  image: "/media/shoes/7.webp",
  price: 0.1,
  size: "9",
  quantity: 1,
  ...overrides,
});

const quoteLine = (overrides = {}) => ({
  index: 0,
  _id: 7,
  size: "9",
  price: 0.1,
  available: 3,
  problem: null,
  ...overrides,
});

// The quote answers for the lines it is sent: every line fine, unless `lines` says otherwise.
const quoteOf =
  (lines = {}) =>
  ({ body }) => ({
    amount: 0,
    lines: body.shoes.map((line, index) =>
      quoteLine({
        index,
        _id: line._id,
        size: line.size,
        price: line.price,
        ...lines[`${line._id}|${line.size}`],
      }),
    ),
  });

const paid = {
  message: "Thank you for your purchase! Your order is on its way.",
  order: { idPayment: "pi_test_42", amount: 30, shoe: [], status: "Pending", date: "2026-11-22T10:00:00Z" },
};

async function renderCart({ items = [airSwift()], answers = {}, signedIn = true } = {}) {
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

const quotes = (calls) => calls.filter((call) => call.path === "/cart/quote");
const lineNamed = (name) => screen.getByRole("listitem", { name });
const payButton = () => screen.getByRole("button", { name: /^(Pay|Proccesading\.\.\.)$/ });

async function fillPaymentForm(user, { card = "4242424242424242" } = {}) {
  await user.type(screen.getByLabelText("Cardholder name"), "Ana Runner");
  await user.type(screen.getByLabelText("State"), "Jalisco");
  await user.type(screen.getByLabelText("City"), "Guadalajara");
  await user.type(screen.getByLabelText("Line 1"), "Calle 5-B");
  await user.type(screen.getByLabelText("Card number"), card);
  await user.type(screen.getByLabelText("MM/YY"), "1240");
  await user.type(screen.getByLabelText("CVC"), "123");
  await user.type(screen.getByLabelText("Postal code"), "44100");
}

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
});

describe("the lines", () => {
  test("each line: image, name linking to the shoe, size, price and quantity; the subtotal in cents", async () => {
    const { calls } = await renderCart({
      items: [airSwift(), airSwift({ _id: 8, name: "Cortez", price: 0.2, size: "10", quantity: 2 })],
    });
    expect(screen.getByRole("heading", { name: "CART" })).toBeInTheDocument();
    expect(document.title).toBe("Cart | Sneaker Shop");
    const line = lineNamed("Cortez, size 10");
    expect(within(line).getByRole("link", { name: "Cortez" })).toHaveAttribute("href", "/products/8");
    expect(within(line).getByText("Size 10")).toBeInTheDocument();
    expect(within(line).getByText("$0.20")).toBeInTheDocument();
    expect(within(line).getByText("2")).toBeInTheDocument();
    expect(line.querySelector("img")).toHaveAttribute("src", "/media/shoes/7.webp");
    expect(screen.getByText("$0.50")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
    await waitFor(() => expect(quotes(calls)).toHaveLength(1));
  });

  test("'+' and '-' move the quantity and the subtotal; '+' stops at the shop's stock, '-' at 1", async () => {
    const { user, calls } = await renderCart({ items: [airSwift({ price: 19.99 })] });
    await waitFor(() => expect(quotes(calls)).toHaveLength(1));
    const more = screen.getByRole("button", { name: "One pair more of Air Swift, size 9" });
    const less = screen.getByRole("button", { name: "One pair less of Air Swift, size 9" });
    expect(less).toBeDisabled();

    await user.click(more);
    await user.click(more);
    expect(screen.getByText("$59.97")).toBeInTheDocument();
    expect(more).toBeDisabled();

    await user.click(less);
    expect(screen.getByText("$39.98")).toBeInTheDocument();
    // The shop is asked again after each change.
    await waitFor(() => expect(quotes(calls).at(-1).body.shoes[0].quantity).toBe(2));
  });

  test("the trash removes a line; Clear Cart empties the cart and the pay button is disabled", async () => {
    const { user, store } = await renderCart({ items: [airSwift(), airSwift({ _id: 8, name: "Cortez" })] });
    await user.click(screen.getByRole("button", { name: "Remove Air Swift, size 9 from the cart" }));
    expect(screen.queryByRole("listitem", { name: "Air Swift, size 9" })).not.toBeInTheDocument();
    expect(payButton()).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Clear Cart" }));
    expect(screen.getByText("Your cart is empty.")).toBeInTheDocument();
    expect(screen.getByText("$0.00")).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    expect(store.getState().cart.items).toEqual([]);
    expect(JSON.parse(localStorage.getItem("cart") ?? "[]")).toEqual([]);
  });

  test("an empty cart says so, asks the shop nothing and cannot be paid", async () => {
    const { calls } = await renderCart({ items: [] });
    expect(screen.getByText("Your cart is empty.")).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    expect(screen.getByRole("button", { name: "Clear Cart" })).toBeDisabled();
    expect(quotes(calls)).toEqual([]);
  });

  test("a total of 0 cannot be paid", async () => {
    await renderCart({ items: [airSwift({ price: 0 })] });
    expect(payButton()).toBeDisabled();
  });
});

describe("lines the shop flags", () => {
  test("a changed price shows the old and the new one; 'Use the new price' takes it", async () => {
    const { user } = await renderCart({
      items: [airSwift({ price: 99.99 })],
      answers: { "POST /cart/quote": quoteOf({ "7|9": { price: 109.99, problem: "price_changed" } }) },
    });
    const line = lineNamed("Air Swift, size 9");
    await within(line).findByText("$109.99");
    expect(within(line).getByText("The price changed:", { exact: false })).toBeInTheDocument();
    expect(within(line).getAllByText("$99.99")).toHaveLength(2);
    expect(payButton()).toBeDisabled();

    await user.click(within(line).getByRole("button", { name: "Use the new price" }));
    expect(within(line).queryByRole("button", { name: "Use the new price" })).not.toBeInTheDocument();
    expect(screen.getAllByText("$109.99")).toHaveLength(2);
    expect(payButton()).toBeEnabled();
  });

  test("a shoe or size the shop no longer sells offers Remove", async () => {
    const { user } = await renderCart({
      items: [airSwift(), airSwift({ _id: 8, name: "Cortez" })],
      answers: {
        "POST /cart/quote": quoteOf({
          "7|9": { price: null, available: 0, problem: "shoe_gone" },
          "8|9": { available: 0, problem: "size_gone" },
        }),
      },
    });
    expect(await screen.findByText("This shoe is no longer sold.")).toBeInTheDocument();
    expect(screen.getByText("This size is no longer sold.")).toBeInTheDocument();
    await user.click(within(lineNamed("Air Swift, size 9")).getByRole("button", { name: "Remove" }));
    await user.click(within(lineNamed("Cortez, size 9")).getByRole("button", { name: "Remove" }));
    expect(screen.getByText("Your cart is empty.")).toBeInTheDocument();
  });

  test("more pairs than the shop has: 'Only N left' and 'Lower to N'", async () => {
    const { user } = await renderCart({
      items: [airSwift({ quantity: 5 })],
      answers: { "POST /cart/quote": quoteOf({ "7|9": { available: 2, problem: "out_of_stock" } }) },
    });
    expect(await screen.findByText("Only 2 left")).toBeInTheDocument();
    expect(payButton()).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Lower to 2" }));
    expect(screen.queryByText("Only 2 left")).not.toBeInTheDocument();
    expect(within(lineNamed("Air Swift, size 9")).getByText("2")).toBeInTheDocument();
    expect(payButton()).toBeEnabled();
  });

  test("none of it left: sold out, and Remove", async () => {
    await renderCart({
      items: [airSwift()],
      answers: { "POST /cart/quote": quoteOf({ "7|9": { available: 0, problem: "out_of_stock" } }) },
    });
    expect(await screen.findByText("Sold out in this size.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove" })).toBeInTheDocument();
  });

  test("leaving the cart keeps the lines and forgets the flags", async () => {
    const answers = [quoteOf({ "7|9": { price: null, available: 0, problem: "shoe_gone" } })];
    let letThrough;
    const held = new Promise((resolve) => (letThrough = resolve));
    const { store, router } = await renderCart({
      answers: { "POST /cart/quote": (request) => answers.shift()?.(request) ?? held },
    });
    await screen.findByText("This shoe is no longer sold.");
    await act(() => router.navigate("/sizeChart"));
    await screen.findByRole("heading", { name: "SIZE CHART" });
    expect(store.getState().cart.items).toEqual([airSwift()]);

    // Back on the cart while the shop is asked again: nothing of the last answer shows.
    await act(() => router.navigate("/cart"));
    expect(await screen.findByRole("listitem", { name: "Air Swift, size 9" })).toBeInTheDocument();
    expect(screen.queryByText("This shoe is no longer sold.")).not.toBeInTheDocument();
    await act(async () => letThrough(quoteOf()({ body: { shoes: [airSwift()] } })));
  });

  test("the shop's answer for the lines as they are now is the one kept", async () => {
    // The first answer (for 2 pairs) comes after the second (for 3): its flag is not shown.
    const held = {};
    const answerFor = (quantity) => new Promise((resolve) => (held[quantity] = resolve));
    const { user } = await renderCart({
      items: [airSwift({ quantity: 1 })],
      answers: {
        "POST /cart/quote": (request) => {
          const { quantity } = request.body.shoes[0];
          return quantity === 1 ? quoteOf()(request) : answerFor(quantity);
        },
      },
    });
    const more = screen.getByRole("button", { name: "One pair more of Air Swift, size 9" });
    await user.click(more);
    await user.click(more);
    await waitFor(() => expect(Object.keys(held)).toEqual(["2", "3"]));

    await act(async () => held[3](quoteOf()({ body: { shoes: [airSwift({ quantity: 3 })] } })));
    await act(async () =>
      held[2](
        quoteOf({ "7|9": { available: 0, problem: "out_of_stock" } })({ body: { shoes: [airSwift()] } }),
      ),
    );
    await act(() => flushPromises());
    expect(screen.queryByText("Sold out in this size.")).not.toBeInTheDocument();
    expect(payButton()).toBeEnabled();
  });
});

describe("paying", () => {
  test("the server's message for 5 s, the cart cleared, and the order's page, shown from the answer", async () => {
    const { user, store, router, calls } = await renderCart({
      items: [airSwift(), airSwift({ size: "10", quantity: 2, price: 0.2 })],
      answers: { "POST /cart/checkout": [201, paid] },
    });
    // The checkout's answer waits until the test lets it through.
    const answerFromShop = globalThis.fetch;
    let letThrough;
    const held = new Promise((resolve) => (letThrough = resolve));
    globalThis.fetch = jest.fn(async (url, init) => {
      if (url.endsWith("/cart/checkout")) await held;
      return answerFromShop(url, init);
    });
    await fillPaymentForm(user);
    await user.click(payButton());

    expect(await screen.findByRole("button", { name: "Proccesading..." })).toBeDisabled();
    await act(async () => letThrough());
    await waitFor(() => expect(router.state.location.pathname).toBe("/order/pi_test_42"));
    const sent = calls.find((call) => call.path === "/cart/checkout").body;
    expect(sent.id).toMatch(/^pm_card_visa--[A-Za-z0-9]{8,32}$/);
    expect(sent).toMatchObject({ email: "ana@example.com", uid: "u".repeat(28), amount: 50 });
    // Where to ship: the shop keeps it on the order.
    expect(sent.address).toEqual({
      name: "Ana Runner",
      state: "Jalisco",
      city: "Guadalajara",
      line1: "Calle 5-B",
      postalCode: "44100",
    });
    expect(sent.shoes).toHaveLength(2);
    expect(successPopup).toHaveBeenCalledWith(paid.message, { timer: 5000 });
    expect(store.getState().cart.items).toEqual([]);
    await screen.findByText("pi_test_42");
    // The order's page did not ask for the order the checkout had just answered.
    expect(calls.some((call) => call.path.startsWith("/cart/order/"))).toBe(false);
  });

  test("a second press while paying sends nothing more", async () => {
    let letThrough;
    const held = new Promise((resolve) => (letThrough = resolve));
    const { user, calls, router } = await renderCart({ answers: { "POST /cart/checkout": () => held } });
    await fillPaymentForm(user);
    await user.click(payButton());
    await screen.findByRole("button", { name: "Proccesading..." });
    await user.click(payButton());
    expect(calls.filter((call) => call.path === "/cart/checkout")).toHaveLength(1);
    await act(async () => letThrough(paid));
    await waitFor(() => expect(router.state.location.pathname).toBe("/order/pi_test_42"));
  });

  test("a declined card: 'error in your payment' and the cart stays", async () => {
    const { user, store, router } = await renderCart({
      answers: { "POST /cart/checkout": [402, { detail: "Your card was declined.", code: "card_declined" }] },
    });
    await fillPaymentForm(user, { card: "4000000000000002" });
    await user.click(payButton());
    await waitFor(() =>
      expect(errorPopup).toHaveBeenCalledWith("error in your payment", { text: "Your card was declined." }),
    );
    expect(errorPopup.mock.calls[0][1]?.timer).toBeUndefined(); // the popup's own 3 s
    expect(router.state.location.pathname).toBe("/cart");
    expect(store.getState().cart.items).toEqual([airSwift()]);
    expect(payButton()).toHaveTextContent("Pay");
  });

  test("a bank's check in test mode: Confirm sends the payment again", async () => {
    confirmPopup.mockResolvedValue(true);
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
    const { user, router, calls } = await renderCart({
      answers: { "POST /cart/checkout": () => answers.shift(), "GET /cart/order/pi_test_42": paid.order },
    });
    await fillPaymentForm(user, { card: "4000002760003184" });
    await user.click(payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/order/pi_test_42"));
    expect(confirmPopup).toHaveBeenCalledWith({
      title: "Confirm this payment",
      text: "Your bank asks you to confirm this payment.",
      confirmButtonText: "Confirm",
      cancelButtonText: "Cancel",
    });
    const sent = calls.filter((call) => call.path === "/cart/checkout");
    expect(sent).toHaveLength(2);
    expect(sent[0].body.id).toMatch(/^pm_card_authenticationRequired--/);
    expect(sent[1].body).toEqual(sent[0].body);
  });

  test("a bank's check cancelled: 'error in your payment', nothing sent again", async () => {
    confirmPopup.mockResolvedValue(false);
    const { user, store, calls } = await renderCart({
      answers: {
        "POST /cart/checkout": [202, { requiresAction: true, clientSecret: "s", message: "Confirm" }],
      },
    });
    await fillPaymentForm(user, { card: "4000002760003184" });
    await user.click(payButton());
    await waitFor(() =>
      expect(errorPopup).toHaveBeenCalledWith("error in your payment", {
        text: "The payment was not confirmed. Nothing was charged.",
      }),
    );
    expect(calls.filter((call) => call.path === "/cart/checkout")).toHaveLength(1);
    expect(store.getState().cart.items).toEqual([airSwift()]);
  });

  test("the shop refusing the cart flags its lines", async () => {
    const { user } = await renderCart({
      answers: {
        "POST /cart/checkout": [
          409,
          {
            detail: "Your cart changed.",
            code: "cart_changed",
            lines: [quoteLine({ available: 0, price: null, problem: "size_gone" })],
          },
        ],
      },
    });
    await fillPaymentForm(user);
    await user.click(payButton());
    expect(await screen.findByText("This size is no longer sold.")).toBeInTheDocument();
    expect(errorPopup).toHaveBeenCalledWith("Your cart changed", expect.anything());
    expect(payButton()).toBeDisabled();
  });

  test.each([
    [
      503,
      "payment_unavailable",
      "error in your payment",
      "The card service did not answer. Nothing was charged: try again.",
    ],
    [409, "payment_in_progress", "error in your payment", "This payment is already being processed."],
    [
      409,
      "amount_mismatch",
      "Your cart changed",
      "The shop's prices were checked again. Nothing was charged.",
    ],
    [403, "not_your_account", "error in your payment", "That is not your account."],
  ])("%s %s: '%s', saying why, and the cart stays", async (status, code, title, text) => {
    const { user, store } = await renderCart({
      answers: { "POST /cart/checkout": [status, { detail: "That is not your account.", code }] },
    });
    await fillPaymentForm(user);
    await user.click(payButton());
    await waitFor(() => expect(errorPopup).toHaveBeenCalledWith(title, { text }));
    expect(store.getState().cart.items).toEqual([airSwift()]);
  });

  test("a visitor is told to make a user and sent to the account, which asks them to sign in", async () => {
    const { user, router, calls } = await renderCart({ signedIn: false });
    await user.click(payButton());
    expect(errorPopup).toHaveBeenCalledWith("create your user for pay");
    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
    expect(calls.some((call) => call.path === "/cart/checkout")).toBe(false);
  });

  test("nothing is sent while a field or the card is wrong; each field says what is wrong", async () => {
    const { user, calls } = await renderCart();
    await user.click(payButton());
    for (const message of [
      "Please enter a valid name.",
      "The state can only contain letters and spaces",
      "The city can only contain letters and spaces",
      "enter the line 1 correctly",
      "enter the postal code correctly",
      "Your card number is incomplete.",
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    await fillPaymentForm(user, { card: "4111111111111111" });
    expect(screen.getByText("Your card number is invalid.")).toBeInTheDocument();
    await user.click(payButton());
    expect(calls.some((call) => call.path === "/cart/checkout")).toBe(false);
  });
});

describe("the payment form", () => {
  test("checks a field on each key press and on leaving it", async () => {
    const { user } = await renderCart();
    const name = screen.getByLabelText("Cardholder name");
    await user.type(name, "An");
    expect(screen.getByText("Please enter a valid name.")).toBeInTheDocument();
    expect(name).toHaveAttribute("aria-invalid", "true");
    await user.type(name, "a");
    expect(screen.queryByText("Please enter a valid name.")).not.toBeInTheDocument();

    await user.click(screen.getByLabelText("Postal code"));
    await user.tab();
    expect(screen.getByText("enter the postal code correctly")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Line 1"), "5th Ave.");
    expect(screen.getByText("enter the line 1 correctly")).toBeInTheDocument();
  });

  test("shows the cards taken, the typed card's network standing out", async () => {
    const { user } = await renderCart();
    const logos = screen.getByRole("list", { name: "Cards we take" });
    expect(
      within(logos)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Visa", "Mastercard", "Amex"]);
    await user.type(screen.getByLabelText("Card number"), "5555");
    expect(within(logos).getByText("Mastercard")).toHaveAttribute("aria-current", "true");
    expect(within(logos).getByText("Visa")).not.toHaveAttribute("aria-current");
  });
});
