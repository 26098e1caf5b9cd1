// All paths in one table: frontend/routes.json, which Django reads too, so a path React shows
// as 'Page not found' is also answered with HTTP 404.
import routeTable from "../../routes.json";
import Layout from "./Layout";
import NotFound from "../components/NotFound";
import ScreenPlaceholder from "../components/ScreenPlaceholder";

const screens = {};

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
