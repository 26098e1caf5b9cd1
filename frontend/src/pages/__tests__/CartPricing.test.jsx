import { act, screen, waitFor, within } from "@testing-library/react";
import { airSwift, fillPaymentForm, paid, payButton, quotes, renderCart } from "../../testing/cartScreen";

jest.mock("../../lib/popup");

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
});

const METHODS = [
  { id: 1, name: "Standard", price: 799, estimate: "3-5 business days", freeAbove: 15000 },
  { id: 2, name: "Express", price: 1999, estimate: "1-2 business days", freeAbove: null },
];

// The shop's pricing, as orders.pricing answers it for this test's one pair of $100.00: WELCOME10 takes 10 %, the
// method sent (else Standard) is charged, and a state called Texas pays 8 % of the goods.
function pricedQuote({ body }) {
  const subtotal = 10000;
  const applied = body.code === "WELCOME10";
  const discount = applied ? 1000 : 0;
  const method = METHODS.find((each) => each.id === body.shipping) ?? METHODS[0];
  const tax = body.address?.state === "Texas" ? Math.round((subtotal - discount) * 0.08) : 0;
  const total = subtotal - discount + method.price + tax;
  return {
    amount: total,
    lines: [{ index: 0, _id: 7, size: "9", price: 100, regularPrice: 100, available: 5, problem: null }],
    subtotal,
    discount,
    shipping: method.price,
    tax,
    taxIncluded: false,
    total,
    code: body.code ? { code: body.code, applied, message: applied ? "" : "This code has expired." } : null,
    shippingMethods: METHODS,
    shippingMethod: method.id,
  };
}

test("a code, a method and the state's tax are priced by the shop, and the pay sends its total", async () => {
  const { user, calls } = await renderCart({
    items: [airSwift({ price: 100, size: "9", quantity: 1 })],
    answers: { "POST /cart/quote": pricedQuote, "POST /cart/checkout": [201, paid] },
  });
  const shown = () => screen.getByRole("group", { name: "What you pay" });
  const first = await screen.findByRole("group", { name: "What you pay" });
  expect(within(first).getByText("Shipping (Standard, 3-5 business days)")).toBeInTheDocument();

  await user.type(screen.getByLabelText("Discount code"), "OLD");
  await user.click(screen.getByRole("button", { name: "Apply" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("This code has expired.");

  await user.clear(screen.getByLabelText("Discount code"));
  await user.type(screen.getByLabelText("Discount code"), "WELCOME10");
  await user.click(screen.getByRole("button", { name: "Apply" }));
  expect(await screen.findByText("Code WELCOME10 applied.")).toBeInTheDocument();
  await user.click(screen.getByRole("radio", { name: /Express/ }));
  await fillPaymentForm(user);
  await user.clear(screen.getByLabelText("State"));
  await user.type(screen.getByLabelText("State"), "Texas");
  // The state is quoted after the 400 ms debounce; the wait is a hang guard, generous for a loaded machine.
  await waitFor(() => expect(within(shown()).getByText("$7.20")).toBeInTheDocument(), { timeout: 10000 });
  expect(within(shown()).getByText("Discount (WELCOME10)")).toBeInTheDocument();
  expect(within(shown()).getByText("-$10.00")).toBeInTheDocument();
  expect(within(shown()).getByText("$117.19")).toBeInTheDocument();
  expect(quotes(calls).at(-1).body).toEqual({
    shoes: [{ _id: 7, size: "9", quantity: 1, price: 100 }],
    code: "WELCOME10",
    shipping: 2,
    address: { state: "Texas" },
  });

  await user.click(payButton());
  await waitFor(() => expect(calls.some((call) => call.path === "/cart/checkout")).toBe(true));
  const sent = calls.find((call) => call.path === "/cart/checkout").body;
  expect(sent).toMatchObject({ amount: 11719, code: "WELCOME10", shipping: 2 });
  expect(sent).not.toHaveProperty("quote");
  await act(async () => {});
});

test("a shop without pricing tables shows the spec's subtotal alone", async () => {
  await renderCart({ items: [airSwift()] });
  expect(screen.queryByRole("group", { name: "What you pay" })).not.toBeInTheDocument();
  expect(screen.getByLabelText("Discount code")).toBeInTheDocument();
});
