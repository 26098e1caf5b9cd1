import { screen, waitFor, within } from "@testing-library/react";
import { airSwift, lineNamed, payButton, quoteOf, quotes, renderCart } from "../../testing/cartScreen";

jest.mock("../../lib/popup");

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
});

test("a line bought on sale shows its regular price struck through; the subtotal counts the sale price", async () => {
  const { calls } = await renderCart({
    items: [airSwift({ price: 79.99, regularPrice: 99.99, quantity: 2 })],
  });
  const line = lineNamed("Air Swift, size 9");
  expect(within(line).getByText("$99.99", { exact: false }).tagName).toBe("DEL");
  expect(within(line).getByText("Sale price", { exact: false }).parentElement).toHaveTextContent("$79.99");
  expect(screen.getByText("$159.98")).toBeInTheDocument();
  await waitFor(() => expect(quotes(calls)).toHaveLength(1));
  expect(quotes(calls)[0].body.shoes[0].price).toBe(79.99);
});

test("a sale that started after the line was added: 'Use the new price' takes the sale price and its regular one", async () => {
  const { user } = await renderCart({
    items: [airSwift({ price: 99.99, regularPrice: 99.99 })],
    answers: {
      "POST /cart/quote": quoteOf({ "7|9": { price: 79.99, regularPrice: 99.99, problem: "price_changed" } }),
    },
  });
  const line = lineNamed("Air Swift, size 9");
  await user.click(await within(line).findByRole("button", { name: "Use the new price" }));

  expect(within(line).getByText("$99.99", { exact: false }).tagName).toBe("DEL");
  expect(within(line).getByText("Sale price", { exact: false }).parentElement).toHaveTextContent("$79.99");
  expect(payButton()).toBeEnabled();
});
