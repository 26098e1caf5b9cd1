import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { ScreenLoading } from "../components/Loading";
import Footer from "./Footer";
import Header from "./Header";

// Every screen under the header and above the footer. A screen whose code is still on its way shows
// LOADING... at a screen's height; going to another one keeps this one until the next has come.
export default function Layout() {
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
      <ScrollRestoration />
    </>
  );
}
