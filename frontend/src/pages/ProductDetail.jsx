import { lazy, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { DataLoading } from "../components/Loading";
import LoadError from "../components/LoadError";
import NotFound from "../components/NotFound";
import Price from "../components/Price";
import ShoeImage from "../components/ShoeImage";
import { priceNow } from "../lib/money";
import { usePrefetchOnIdle } from "../lib/prefetch";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import {
  LowestPriceNotice,
  NotifyMe,
  SizeGuideLink,
  SizeSelect,
  useAddToCart,
  useShoeQuery,
} from "../features/catalog";
import { FavoriteButton } from "../features/favorites";
import { ShoeRelease } from "../features/releases";
import { RatingSummary, ReviewsSection } from "../features/reviews";

// The checkout's card and address fields, for a draw's entry: loaded only when a shoe's draw is open.
const CardAddressForm = lazy(() =>
  import("../features/checkout").then((checkout) => ({ default: checkout.CardAddressForm })),
);

// /products/{id}: the catalogue's shoe with the favorites' toggle and the reviews' section; 'LOADING...'
// until it comes, the 404 screen if the shop has no such shoe. Another shoe never flashes the last one
// while it loads (currentData is the asked shoe's only).
export default function ProductDetail() {
  const { id } = useParams();
  const { currentData: shoe, error, isError, refetch } = useShoeQuery(id);
  useDocumentTitle(shoe ? `${shoe.brand} ${shoe.name}` : null);
  usePrefetchOnIdle("/cart");

  if (isError && error.status === 404) return <NotFound />;
  if (isError) return <LoadError what="this shoe" onRetry={refetch} />;
  if (!shoe) return <DataLoading />;
  // Keyed by the shoe, so the size chosen for one shoe is not kept for the next.
  return <ShoeDetail key={shoe._id} shoe={shoe} />;
}

// One shoe, its rating, its sizes, BUY ME! (adds a pair and goes to the cart), the favorite toggle and
// the reviews.
function ShoeDetail({ shoe }) {
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const [size, setSize] = useState("");

  const buy = () => {
    if (addToCart(shoe, size)) navigate("/cart");
  };

  return (
    <article className="product">
      <div className="product-picture">
        {/* The page's largest picture: fetched ahead of the rest. */}
        <ShoeImage
          src={shoe.image}
          srcSet={shoe.imageSrcset}
          place="detail"
          alt={`${shoe.brand} ${shoe.name}`}
          width="800"
          height="600"
          fetchPriority="high"
        />
        {shoe.onSale && <span className="sale-tag">ON SALE</span>}
      </div>
      <div className="product-info">
        <p className="card-brand">{shoe.brand.toUpperCase()}</p>
        <h1 className="product-name">{shoe.name}</h1>
        <RatingSummary rating={shoe.rating} reviewCount={shoe.reviewCount} />
        <Price className="price product-price" price={priceNow(shoe)} regular={shoe.price} />
        <LowestPriceNotice shoe={shoe} />
        <p className="product-color">Color: {shoe.color}</p>
        <p className="product-description">{shoe.description}</p>
        <div className="product-buy">
          <SizeSelect shoe={shoe} value={size} onChange={setSize} />
          <button type="button" className="button button-buy" onClick={buy}>
            BUY ME!
          </button>
        </div>
        <p className="product-size-guide">
          <SizeGuideLink brandName={shoe.brand} />
        </p>
        <ShoeRelease shoeId={shoe._id} CardAddressForm={CardAddressForm} />
        <NotifyMe shoe={shoe} />
        <div className="product-more">
          <FavoriteButton shoeId={shoe._id} />
          <Link to="/" className="button button-quiet">
            BACK HOME
          </Link>
        </div>
      </div>
      <ReviewsSection shoeId={shoe._id} />
    </article>
  );
}
