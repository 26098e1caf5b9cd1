import { useState } from "react";
import PrefetchLink from "../../components/PrefetchLink";
import { formatPrice } from "../../lib/money";
import SizeSelect from "./SizeSelect";
import { useAddToCart } from "./useAddToCart";

// A shoe in a grid (docs/PRODUCT.md §2 'Product card'): the picture, brand and name link to its detail.
// Its name is a heading one level under the grid's title, so headings never skip a level.
export default function ProductCard({ shoe, headingLevel = 3 }) {
  const Name = `h${headingLevel}`;
  const [size, setSize] = useState("");
  const addToCart = useAddToCart();
  return (
    <article className="card">
      <PrefetchLink to={`/products/${shoe._id}`} className="card-link">
        <div className="card-picture">
          <img src={shoe.image} alt={`${shoe.brand} ${shoe.name}`} loading="lazy" width="800" height="600" />
          {shoe.onSale && <span className="sale-tag">ON SALE</span>}
        </div>
        <p className="card-brand">{shoe.brand.toUpperCase()}</p>
        <Name className="card-name">{shoe.name}</Name>
        <p className="price">{formatPrice(shoe.price)}</p>
      </PrefetchLink>
      <div className="card-buy">
        <SizeSelect shoe={shoe} value={size} onChange={setSize} />
        <button type="button" className="button button-buy" onClick={() => addToCart(shoe, size)}>
          BUY ME!
        </button>
      </div>
    </article>
  );
}
