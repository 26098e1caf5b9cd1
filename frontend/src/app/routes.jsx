// All paths in one table: frontend/routes.json, which Django reads too, so a path React shows
// as 'Page not found' is also answered with HTTP 404.
import { lazy, Suspense } from "react";
import routeTable from "../../routes.json";
import Layout from "./Layout";
import Loading from "../components/Loading";
import NotFound from "../components/NotFound";
import ScreenPlaceholder from "../components/ScreenPlaceholder";
import Collection from "../features/catalog/Collection";
import ProductDetail from "../features/catalog/ProductDetail";
import Sale from "../features/catalog/Sale";
import Account from "../features/account/Account";
import Cart from "../features/cart/Cart";
import OrderDetail from "../features/orders/OrderDetail";
import Favorites from "../features/favorites/Favorites";
import CreateAccount from "../features/account/CreateAccount";
import Forget from "../features/account/Forget";
import { RequireAdmin, RequireUser } from "../features/account/guards";
import ResetPassword from "../features/account/ResetPassword";
import SignIn from "../features/account/SignIn";
import Unsubscribe from "../features/mailing/Unsubscribe";
import AboutUs from "../pages/AboutUs";
import ContactUs from "../pages/ContactUs";
import Home from "../pages/Home";
import Products from "../pages/Products";
import SizeChart from "../pages/SizeChart";
import TermsOfService from "../pages/TermsOfService";

// The admin screens: one chunk, downloaded the first time an admin opens one of them, never by a
// shopper, whom the guard sends away before it is asked for (DESIGN.md §7).
// Each shows LOADING... while the chunk is on the way.
const adminChunk = () => import(/* webpackChunkName: "admin" */ "../features/admin");

function adminScreen(name) {
  const Screen = lazy(() => adminChunk().then((module) => ({ default: module[name] })));
  return function AdminScreen() {
    return (
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    );
  };
}

const adminScreens = Object.fromEntries(
  routeTable.filter((route) => route.guard === "admin").map(({ screen }) => [screen, adminScreen(screen)]),
);

const screens = {
  ...adminScreens,
  Home,
  Products,
  ProductDetail,
  Collection,
  Sale,
  Favorites,
  AboutUs,
  ContactUs,
  SizeChart,
  TermsOfService,
  SignIn,
  CreateAccount,
  Forget,
  ResetPassword,
  Account,
  Cart,
  OrderDetail,
  Unsubscribe,
};

// The table's "guard" of a route: who may see its screen (SPEC.md §6).
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
