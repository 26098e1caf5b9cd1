// All paths in one table: frontend/routes.json, which Django reads too, so a path React shows
// as 'Page not found' is also answered with HTTP 404.
import routeTable from "../../routes.json";
import Layout from "./Layout";
import NotFound from "../components/NotFound";
import ScreenPlaceholder from "../components/ScreenPlaceholder";
import Collection from "../features/catalog/Collection";
import ProductDetail from "../features/catalog/ProductDetail";
import Sale from "../features/catalog/Sale";
import AboutUs from "../pages/AboutUs";
import ContactUs from "../pages/ContactUs";
import Home from "../pages/Home";
import Products from "../pages/Products";
import SizeChart from "../pages/SizeChart";
import TermsOfService from "../pages/TermsOfService";

const screens = {
  Home,
  Products,
  ProductDetail,
  Collection,
  Sale,
  AboutUs,
  ContactUs,
  SizeChart,
  TermsOfService,
};

export function buildRoutes(components = screens) {
  return [
    {
      element: <Layout />,
      children: [
        ...routeTable.map(({ path, screen }) => {
          const Screen = components[screen];
          return { path, element: Screen ? <Screen /> : <ScreenPlaceholder name={screen} /> };
        }),
        { path: "*", element: <NotFound /> },
      ],
    },
  ];
}

export const routes = buildRoutes();
