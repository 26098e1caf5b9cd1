import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Provider } from "react-redux";
import { BrowserRouter } from "react-router";
import { ShopRoutes } from "./app/routes";
import { createShopStore } from "./app/store";
import "./styles.css";

const store = createShopStore();

// React Router's declarative mode: the shop loads no data through the router (RTK Query does), and
// its data router would cost every page 17 kB more of gzipped JavaScript.
createRoot(document.getElementById("root")).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <ShopRoutes />
      </BrowserRouter>
    </Provider>
  </StrictMode>,
);
