import { useEffect, useState } from "react";
import { useDispatch, useSelector } from "react-redux";
import { Link, useNavigate, useParams } from "react-router";
import { useDocumentTitle } from "../../app/useDocumentTitle";
import Loading from "../../components/Loading";
import LoadError from "../../components/LoadError";
import NotFound from "../../components/NotFound";
import { formatPrice } from "../../lib/money";
import FavoriteButton from "../favorites/FavoriteButton";
import ReviewsSection from "../reviews/ReviewsSection";
import { RatingSummary } from "../reviews/Stars";
import { fetchShoe, selectShoe, shoeCleared } from "./shoeSlice";
import SizeSelect from "./SizeSelect";
import { useAddToCart } from "./useAddToCart";

// /products/{id}: the shoe, 'LOADING...' until it comes, the 404 screen if the shop has no such shoe.
export default function ProductDetail() {
  const { id } = useParams();
  const dispatch = useDispatch();
  const { shoe, status, error } = useSelector(selectShoe);
  useDocumentTitle(shoe ? `${shoe.brand} ${shoe.name}` : null);

  useEffect(() => {
    const request = dispatch(fetchShoe(id));
    return () => {
      request.abort();
      dispatch(shoeCleared());
    };
  }, [dispatch, id]);

  if (status === "failed" && error.status === 404) return <NotFound />;
  if (status === "failed") return <LoadError what="this shoe" onRetry={() => dispatch(fetchShoe(id))} />;
  if (!shoe) return <Loading />;
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
        <img src={shoe.image} alt={`${shoe.brand} ${shoe.name}`} width="800" height="600" />
        {shoe.onSale && <span className="sale-tag">ON SALE</span>}
      </div>
      <div className="product-info">
        <p className="card-brand">{shoe.brand.toUpperCase()}</p>
        <h1 className="product-name">{shoe.name}</h1>
        <RatingSummary rating={shoe.rating} reviewCount={shoe.reviewCount} />
        <p className="price product-price">{formatPrice(shoe.price)}</p>
        <p className="product-color">Color: {shoe.color}</p>
        <p className="product-description">{shoe.description}</p>
        <div className="product-buy">
          <SizeSelect shoe={shoe} value={size} onChange={setSize} />
          <button type="button" className="button button-buy" onClick={buy}>
            BUY ME!
          </button>
        </div>
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
