import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { useSelector } from "react-redux";
import { Link } from "react-router";
import { AccountIcon, CartIcon, SearchIcon } from "../components/icons";
import PrefetchLink from "../components/PrefetchLink";
import { config } from "../lib/config";
import { selectCartCount } from "../features/cart";
import { BrandsMenu, loadSearchDrawer } from "../features/catalog";

const SearchDrawer = lazy(loadSearchDrawer);

// The drawer's code, fetched as the shopper reaches for the button; offline, the click says why.
const prefetchSearch = () => {
  loadSearchDrawer().catch(() => {});
};

// The site title, BRANDS, the search drawer, Deals!, the cart and the account (docs/PRODUCT.md §2).
export default function Header() {
  const [searching, setSearching] = useState(false);
  const searchButton = useRef(null);
  const pairs = useSelector(selectCartCount);
  const closeSearch = useCallback(() => {
    setSearching(false);
    searchButton.current?.focus();
  }, []);

  return (
    <header className="site-header">
      <Link to="/" className="site-title">
        {config.shopName}
      </Link>
      <nav className="site-nav" aria-label="Shop">
        <BrandsMenu />
        <button
          ref={searchButton}
          type="button"
          className="icon-button"
          aria-label="Search"
          aria-expanded={searching}
          onPointerEnter={prefetchSearch}
          onFocus={prefetchSearch}
          onClick={() => setSearching(true)}
        >
          <SearchIcon />
        </button>
        <PrefetchLink to="/sale" className="deals-button">
          Deals!
        </PrefetchLink>
        <PrefetchLink to="/cart" className="icon-button" aria-label={pairs ? `Cart, ${pairs} pairs` : "Cart"}>
          <CartIcon />
          {pairs > 0 && (
            <span className="badge" aria-hidden="true">
              {pairs}
            </span>
          )}
        </PrefetchLink>
        <PrefetchLink to="/account" className="icon-button" aria-label="Account">
          <AccountIcon />
        </PrefetchLink>
      </nav>
      {searching && (
        <Suspense fallback={null}>
          <SearchDrawer onClose={closeSearch} />
        </Suspense>
      )}
    </header>
  );
}
