import { useEffect } from "react";
import { matchPath } from "react-router";

// Each screen's code is a chunk of its own (app/routes.jsx). A link the shopper is about to follow
// fetches its screen's chunk ahead, on hover or focus, and a screen names the ones its shoppers
// likely open next, fetched once the browser is idle: the click then draws the screen at once.

let routes = [];

// The route table's paths, each with its screen's loader (app/routes.jsx registers them at start).
export function registerScreens(table) {
  routes = table;
}

// Fetches the chunk of the screen at `to` (a path, or a route's pattern such as /products/:id).
export function prefetchPath(to) {
  const pathname = typeof to === "string" ? to.split(/[?#]/)[0] : to?.pathname;
  if (!pathname) return;
  const route = routes.find(({ path }) => matchPath(path, pathname));
  route?.load().catch(() => {
    // Offline, or a new release replaced the chunk: the click will load it, or say why not.
  });
}

const whenIdle = (run) => {
  if (globalThis.requestIdleCallback) {
    const id = requestIdleCallback(run, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1000);
  return () => clearTimeout(id);
};

// Once the browser has nothing better to do, fetches the screens at these paths.
export function usePrefetchOnIdle(...paths) {
  const key = paths.join(" ");
  useEffect(() => whenIdle(() => key.split(" ").forEach(prefetchPath)), [key]);
}
