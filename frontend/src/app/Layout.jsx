import { Suspense, useEffect } from "react";
import { Outlet, useLocation, useNavigate, useNavigationType } from "react-router";
import { ScreenLoading } from "../components/Loading";
import { installSecondFactorHandler } from "../features/account";
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
  // An admin call the second factor stopped asks for a code, or sends the admin to set the app up.
  const navigate = useNavigate();
  useEffect(() => installSecondFactorHandler(navigate), [navigate]);
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
