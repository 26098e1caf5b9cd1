// All paths in one table: frontend/routes.json, which Django reads too, so a path React shows
// as 'Page not found' is also answered with HTTP 404.
import { lazy } from "react";
import { matchPath, useRoutes } from "react-router";
import routeTable from "../../routes.json";
import NotFound from "../components/NotFound";
import ScreenPlaceholder from "../components/ScreenPlaceholder";
import { registerScreens } from "../lib/prefetch";
import { RequireAdmin, RequireUser, screens as accountScreens } from "../features/account";
import { screens as adminScreens } from "../features/admin";
import { screens as catalogScreens } from "../features/catalog";
import { screens as mailingScreens } from "../features/mailing";
import { screens as orderScreens } from "../features/orders";
import { screens as releaseScreens } from "../features/releases";
import Layout from "./Layout";

// The pages: the static ones, and the screens that show more than one feature.
const pageScreens = {
  Home: () => import(/* webpackChunkName: "screen-Home" */ "../pages/Home"),
  Products: () => import(/* webpackChunkName: "screen-Products" */ "../pages/Products"),
  ProductDetail: () => import(/* webpackChunkName: "screen-ProductDetail" */ "../pages/ProductDetail"),
  Favorites: () => import(/* webpackChunkName: "screen-Favorites" */ "../pages/Favorites"),
  Cart: () => import(/* webpackChunkName: "screen-Cart" */ "../pages/Cart"),
  Account: () => import(/* webpackChunkName: "screen-Account" */ "../pages/Account"),
  AdminDashboard: () => import(/* webpackChunkName: "screen-AdminDashboard" */ "../pages/AdminDashboard"),
  AboutUs: () => import(/* webpackChunkName: "screen-AboutUs" */ "../pages/AboutUs"),
  ContactUs: () => import(/* webpackChunkName: "screen-ContactUs" */ "../pages/ContactUs"),
  SizeChart: () => import(/* webpackChunkName: "screen-SizeChart" */ "../pages/SizeChart"),
  TermsOfService: () => import(/* webpackChunkName: "screen-TermsOfService" */ "../pages/TermsOfService"),
};

// Each screen's code, fetched when its route first shows (or ahead, lib/prefetch.js): the home page
// downloads its own screen and nothing of the others; the admin screens only ever reach an admin's
// browser, whom the guard lets through (docs/DESIGN.md §7).
export const screenLoaders = {
  ...pageScreens,
  ...catalogScreens,
  ...orderScreens,
  ...mailingScreens,
  ...releaseScreens,
  ...accountScreens,
  ...adminScreens,
};

// The screens whose code has come: one fetched ahead (the first screen, before the first render; a
// link's, on hover) then draws at once, not through LOADING....
const loaded = {};
const loadScreen = (name) => screenLoaders[name]().then((module) => (loaded[name] = module));
// React.lazy takes a loaded screen from a thenable that answers at once.
const screenComponent = (name) =>
  lazy(() => (loaded[name] ? { then: (resolve) => resolve(loaded[name]) } : loadScreen(name)));

registerScreens(
  routeTable
    .filter(({ screen }) => screenLoaders[screen])
    .map(({ path, screen }) => ({ path, load: () => loadScreen(screen) })),
);

const screens = Object.fromEntries(Object.keys(screenLoaders).map((name) => [name, screenComponent(name)]));

// The code of the screen at `pathname`, which the first render waits for (the page shell preloads it
// beside the entry). Never an admin screen's: its guard decides first, and only an admin's browser
// downloads the admin's code. Resolves in any case: a chunk that failed is the screen's to tell.
export function loadFirstScreen(pathname) {
  const route = routeTable.find(({ path, guard }) => guard !== "admin" && matchPath(path, pathname));
  return route ? loadScreen(route.screen).catch(() => {}) : Promise.resolve();
}

// The table's "guard" of a route: who may see its screen (docs/PRODUCT.md §6).
const guards = { user: RequireUser, admin: RequireAdmin };

function guarded(guard, element) {
  const Guard = guards[guard];
  return Guard ? <Guard>{element}</Guard> : element;
}

export function buildRoutes(components = screens) {
  return [
    {
      element: <Layout />,
      children: [
        ...routeTable.map(({ path, screen, guard }) => {
          const Screen = components[screen];
          return { path, element: guarded(guard, Screen ? <Screen /> : <ScreenPlaceholder name={screen} />) };
        }),
        { path: "*", element: <NotFound /> },
      ],
    },
  ];
}

export const routes = buildRoutes();

// The screen of the address, under the layout.
export function ShopRoutes({ table = routes }) {
  return useRoutes(table);
}
