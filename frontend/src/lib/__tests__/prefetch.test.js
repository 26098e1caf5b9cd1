import { renderHook } from "@testing-library/react";
import { prefetchPath, registerScreens, usePrefetchOnIdle } from "../prefetch";

let loads;

beforeEach(() => {
  loads = { detail: jest.fn(() => Promise.resolve()), cart: jest.fn(() => Promise.resolve()) };
  registerScreens([
    { path: "/products/:id", load: loads.detail },
    { path: "/cart", load: loads.cart },
  ]);
});

test("a link's path fetches the code of its screen, and only that one", () => {
  prefetchPath("/products/7?size=9");
  expect(loads.detail).toHaveBeenCalledTimes(1);
  expect(loads.cart).not.toHaveBeenCalled();
  prefetchPath({ pathname: "/cart" });
  expect(loads.cart).toHaveBeenCalledTimes(1);
});

test("a path of no screen fetches nothing, and a failed fetch is no error", async () => {
  loads.cart.mockReturnValue(Promise.reject(new Error("offline")));
  prefetchPath("/nowhere");
  prefetchPath("/cart");
  await Promise.resolve();
  expect(loads.detail).not.toHaveBeenCalled();
});

test("the screens a screen names are fetched once the browser is idle", () => {
  jest.useFakeTimers();
  try {
    const { unmount } = renderHook(() => usePrefetchOnIdle("/products/:id", "/cart"));
    expect(loads.detail).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1000);
    expect(loads.detail).toHaveBeenCalledTimes(1);
    expect(loads.cart).toHaveBeenCalledTimes(1);
    unmount();
  } finally {
    jest.useRealTimers();
  }
});
