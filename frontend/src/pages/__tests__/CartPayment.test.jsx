import { act, screen, waitFor, within } from "@testing-library/react";
import { confirmPopup, errorPopup, successPopup } from "../../lib/popup";
import { airSwift, fillPaymentForm, paid, payButton, quoteLine, renderCart } from "../../testing/cartScreen";

jest.mock("../../lib/popup");

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
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
