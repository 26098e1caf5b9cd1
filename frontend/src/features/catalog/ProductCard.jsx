import { useState } from "react";
import PrefetchLink from "../../components/PrefetchLink";
import Price from "../../components/Price";
import ShoeImage from "../../components/ShoeImage";
import { priceNow } from "../../lib/money";
import SizeSelect from "./SizeSelect";
import { useAddToCart } from "./useAddToCart";

// A shoe in a grid (docs/PRODUCT.md §2 'Product card'): the picture, brand and name link to its detail.
// Its name is a heading one level under the grid's title, so headings never skip a level. Its picture
// loads as it nears the screen, but for a card at the top of the screen (`eager`): the browser would
// wait for the page's layout to know, and that picture is the largest the shopper sees first.
export default function ProductCard({ shoe, headingLevel = 3, eager = false }) {
  const Name = `h${headingLevel}`;
  const [size, setSize] = useState("");
  const addToCart = useAddToCart();
  return (
    <article className="card">
      <PrefetchLink to={`/products/${shoe._id}`} className="card-link">
        <div className="card-picture">
          <ShoeImage
            src={shoe.image}
            srcSet={shoe.imageSrcset}
            place="card"
            alt={`${shoe.brand} ${shoe.name}`}
            loading={eager ? "eager" : "lazy"}
            width="800"
            height="600"
          />
          {shoe.onSale && <span className="sale-tag">ON SALE</span>}
        </div>
        <p className="card-brand">{shoe.brand.toUpperCase()}</p>
        <Name className="card-name">{shoe.name}</Name>
        <Price price={priceNow(shoe)} regular={shoe.price} />
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
