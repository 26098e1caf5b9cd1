import { render, screen } from "@testing-library/react";
import { priceNow } from "../../lib/money";
import Price from "../Price";

describe("Price", () => {
  test("a price alone is the spec's plain price", () => {
    const { container } = render(<Price price={120} />);
    expect(container.innerHTML).toBe('<p class="price">$120.00</p>');
  });

  test("a regular price no higher than the price is not struck through", () => {
    const { container } = render(<Price price={120} regular={120} />);
    expect(container.querySelector("del")).toBeNull();
    expect(container).toHaveTextContent("$120.00");
  });

  test("a sale price shows after the regular price struck through, each named for screen readers", () => {
    const { container } = render(<Price as="span" price={89.5} regular={120} />);
    const struck = container.querySelector("del");
    expect(struck).toHaveTextContent("Regular price $120.00");
    expect(screen.getByText("$89.50", { exact: false })).toHaveTextContent("Sale price $89.50");
    expect(container.firstChild.tagName).toBe("SPAN");
    expect(container.firstChild).toHaveClass("price", "price-reduced");
  });
});

describe("priceNow", () => {
  test.each([
    [{ price: 120, salePrice: 90, onSale: true }, 90],
    [{ price: 120, salePrice: 90, onSale: false }, 120],
    [{ price: 120, salePrice: null, onSale: true }, 120],
    [{ price: 120, onSale: true }, 120],
  ])("%o sells at %p", (shoe, price) => {
    expect(priceNow(shoe)).toBe(price);
  });
});
