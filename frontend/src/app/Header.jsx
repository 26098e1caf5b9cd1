import { useCallback, useRef, useState } from "react";
import { useSelector } from "react-redux";
import { Link } from "react-router";
import { AccountIcon, CartIcon, SearchIcon } from "../components/icons";
import BrandsMenu from "../features/catalog/BrandsMenu";
import SearchDrawer from "../features/catalog/SearchDrawer";
import { selectCartCount } from "../features/cart/cartSlice";
import { config } from "./config";

// The site title, BRANDS, the search drawer, Deals!, the cart and the account (SPEC.md §2).
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
          onClick={() => setSearching(true)}
        >
          <SearchIcon />
        </button>
        <Link to="/sale" className="deals-button">
          Deals!
        </Link>
        <Link to="/cart" className="icon-button" aria-label={pairs ? `Cart, ${pairs} pairs` : "Cart"}>
          <CartIcon />
          {pairs > 0 && (
            <span className="badge" aria-hidden="true">
              {pairs}
            </span>
          )}
        </Link>
        <Link to="/account" className="icon-button" aria-label="Account">
          <AccountIcon />
        </Link>
      </nav>
      {searching && <SearchDrawer onClose={closeSearch} />}
    </header>
  );
}
