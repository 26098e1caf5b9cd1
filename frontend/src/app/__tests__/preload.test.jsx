import { waitFor } from "@testing-library/react";
import routeTable from "../../../routes.json";
import { installFakeApi, page, shoeFixture } from "../../testing/fakeApi";
import { renderWithProviders } from "../../testing/renderWithProviders";

// The page shell preloads a route's "preload" calls (frontend/views.py); the browser uses a preloaded
// answer only when the app asks for the very same URL, so each must be one the screen makes.
const preloading = routeTable.filter((route) => route.preload);
const example = (path) => path.replace(":id", "7");

test("some routes preload their first calls", () => {
  expect(preloading.map((route) => route.path)).toEqual(["/", "/products/:id", "/releases", "/sale"]);
});

test.each(preloading)("$path asks for exactly what its shell preloads", async ({ path, preload }) => {
  const calls = installFakeApi({
    "GET /brands": [],
    "GET /shoes/onSale": page([]),
    "GET /shoes": page([]),
    "GET /shoes/7": shoeFixture({ _id: 7 }),
    "GET /reviews/7": page([]),
  });
  renderWithProviders({ path: example(path) });
  const asked = () => calls.map((call) => `/api${call.path}`);
  for (const url of preload) {
    await waitFor(() => expect(asked()).toContain(example(url)));
  }
});
