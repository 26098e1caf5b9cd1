import { act, render, waitFor } from "@testing-library/react";
import { useLayoutEffect } from "react";
import userEvent from "@testing-library/user-event";
import { Provider } from "react-redux";
import { MemoryRouter, useLocation, useNavigate } from "react-router";
import { setupStore } from "../app/store";
import { buildRoutes, ShopRoutes } from "../app/routes";

// Tells the test where the router is and how to move it.
function RouterProbe({ onChange }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onChange(location, navigate), [location, navigate, onChange]);
  return null;
}

// Renders the app's real routes (or one element at a path) with a real store, as a shopper would see
// them at that path. Returns the store and the router, so tests can read what the screen did. Tests
// on fake timers pass userOptions {advanceTimers: jest.advanceTimersByTime}.
export function renderWithProviders({
  path = "/",
  element,
  route = "*",
  preloadedState,
  store = setupStore(preloadedState),
  userOptions,
} = {}) {
  const routes = element
    ? [
        { path: route, element },
        { path: "*", element: <p>Elsewhere</p> },
      ]
    : buildRoutes();
  // As a data router's: router.state.location, router.navigate(to).
  const probe = {};
  const router = {
    get state() {
      return { location: probe.location };
    },
    navigate: (to, options) => probe.navigate(to, options),
  };
  const follow = (location, navigate) => {
    Object.assign(probe, { location, navigate });
  };
  const user = userEvent.setup(userOptions);
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <RouterProbe onChange={follow} />
        <ShopRoutes table={routes} />
      </MemoryRouter>
    </Provider>,
  );
  return { ...view, store, router, user };
}

// Resolves once the screen's code has come (each screen is a chunk loaded on demand) and the header's
// BRANDS menu has its brands, the first answer of every screen: what a test of a whole screen waits
// for before it looks.
export async function screenReady(store) {
  await waitFor(() => {
    expect(document.querySelector(".screen-loading")).toBeNull();
    expect(store.getState().api.queries["brands(undefined)"]?.status).toBe("fulfilled");
  });
}

// Redux Toolkit tells the screen of a finished call on the next animation frame (its autoBatchEnhancer). Testing
// Library's waits and the test's end cover it; a test that awaits anything else after a call's outcome (a FileReader,
// a timer) lets that frame run inside act first, or React's update lands during that await, outside act.
export async function storeNotified() {
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}
