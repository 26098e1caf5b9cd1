import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { BrowserRouter } from "react-router";
import { loadFirstScreen, ShopRoutes } from "./app/routes";
import { createShopStore } from "./app/store";
import "./styles.css";

const store = createShopStore();

// React Router's declarative mode: the shop loads no data through the router (RTK Query does), and
// its data router would cost every page 17 kB more of gzipped JavaScript. The first render waits for
// its screen's code, which the page shell preloads beside the entry, and draws the screen rather than
// LOADING...; it is a transition, which React renders in slices, giving the browser its main thread
// back between them rather than holding it while the page loads (docs/DESIGN.md §7).
const root = createRoot(document.getElementById("root"));
loadFirstScreen(window.location.pathname).then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <Provider store={store}>
          <BrowserRouter>
            <ShopRoutes />
          </BrowserRouter>
        </Provider>
      </StrictMode>,
    );
  }),
);
