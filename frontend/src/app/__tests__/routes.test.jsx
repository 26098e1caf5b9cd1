import { act, screen, waitFor } from "@testing-library/react";
import routeTable from "../../../routes.json";
import { installFakeApi, userRecord } from "../../testing/fakeApi";
import { renderWithProviders } from "../../testing/renderWithProviders";
import { loadFirstScreen } from "../routes";

beforeEach(() => {
  installFakeApi({ "GET /brands": [], "GET /shoes": { count: 0, results: [] } });
});

describe("route table", () => {
  test("lists every screen of the spec once per path", () => {
    const paths = routeTable.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of ["/", "/products/:id", "/colletions/:brand", "/sale", "/cart", "/admin", "/orders"]) {
      expect(paths).toContain(path);
    }
  });

  test("draws the screen of a path once its code has come, LOADING... until then", async () => {
    renderWithProviders({ path: "/sizeChart" });
    expect(screen.getByRole("status")).toHaveTextContent("LOADING...");
    expect(await screen.findByRole("heading", { name: "SIZE CHART" })).toBeInTheDocument();
    expect(screen.queryByText("LOADING...")).not.toBeInTheDocument();
  });

  test("a screen whose code was fetched ahead draws at once, without LOADING...", async () => {
    await loadFirstScreen("/termsOfService");
    renderWithProviders({ path: "/termsOfService" });
    expect(screen.getByRole("heading", { name: "TERMS OF SERVICE" })).toBeInTheDocument();
    expect(screen.queryByText("LOADING...")).not.toBeInTheDocument();
  });

  test("an admin screen's code is not fetched ahead of its guard, even for the first screen", async () => {
    await loadFirstScreen("/admin");
    const admin = { user: userRecord({ isAdmin: true }), status: "signedIn" };
    renderWithProviders({ path: "/admin", preloadedState: { account: admin } });
    expect(document.querySelector(".screen-loading")).not.toBeNull();
    await waitFor(() => expect(document.querySelector(".screen-loading")).toBeNull());
  });

  test("a new screen opens at its top", async () => {
    window.scrollTo = jest.fn();
    const { router } = renderWithProviders({ path: "/sizeChart" });
    await screen.findByRole("heading", { name: "SIZE CHART" });
    window.scrollTo.mockClear();
    await act(() => router.navigate("/aboutUs"));
    expect(await screen.findByRole("heading", { name: "ABOUT US" })).toBeInTheDocument();
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  test("ignores case, as the spec's two spellings of the static pages need", async () => {
    renderWithProviders({ path: "/AboutUs" });
    expect(await screen.findByRole("heading", { name: "ABOUT US" })).toBeInTheDocument();
  });

  test("shows Page not found with Back Home for any other path", async () => {
    renderWithProviders({ path: "/no/such/page" });
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back Home" })).toHaveAttribute("href", "/");
  });
});
