import { Suspense, useEffect } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { ScreenLoading } from "../components/Loading";
import Footer from "./Footer";
import Header from "./Header";

// A new screen opens at its top; going back or forward leaves the browser to put the page where the
// shopper left it.
function useScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== "POP") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

// Every screen under the header and above the footer. A screen whose code is still on its way shows
// LOADING... at a screen's height; going to another one keeps this one until the next has come.
export default function Layout() {
  useScrollToTop();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" className="page">
        <Suspense fallback={<ScreenLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
