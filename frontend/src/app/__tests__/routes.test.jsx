import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import routeTable from "../../../routes.json";
import { buildRoutes } from "../routes";

function renderAt(path, components) {
  const router = createMemoryRouter(buildRoutes(components), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

describe("route table", () => {
  test("lists every screen of the spec once per path", () => {
    const paths = routeTable.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of ["/", "/products/:id", "/colletions/:brand", "/sale", "/cart", "/admin", "/orders"]) {
      expect(paths).toContain(path);
    }
  });

  test("draws a screen for each of its paths", () => {
    renderAt("/colletions/Nike", { Collection: () => <h1>Collection screen</h1> });
    expect(screen.getByRole("heading", { name: "Collection screen" })).toBeInTheDocument();
  });

  test("ignores case, as the spec's two spellings of the static pages need", () => {
    renderAt("/AboutUs", { AboutUs: () => <h1>About</h1> });
    expect(screen.getByRole("heading", { name: "About" })).toBeInTheDocument();
  });

  test("shows Page not found with Back Home for any other path", () => {
    renderAt("/no/such/page");
    expect(screen.getByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back Home" })).toHaveAttribute("href", "/");
  });
});
