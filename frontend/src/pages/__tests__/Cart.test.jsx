import { act, screen, waitFor, within } from "@testing-library/react";
import { flushPromises } from "../../testing/fakeApi";
import { airSwift, lineNamed, payButton, quoteOf, quotes, renderCart } from "../../testing/cartScreen";

jest.mock("../../lib/popup");

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
