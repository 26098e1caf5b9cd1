import { useDispatch } from "react-redux";
import { Link } from "react-router";
import { TrashIcon } from "../../components/icons";
import Price from "../../components/Price";
import ShoeImage from "../../components/ShoeImage";
import { formatPrice } from "../../lib/money";
import {
  itemRemoved,
  newPriceAccepted,
  quantityDecreased,
  quantityIncreased,
  quantityLowered,
} from "./cartSlice";
import {
  lowerTo,
  onlyLeft,
  PRICE_CHANGED,
  REMOVE,
  SHOE_GONE,
  SIZE_GONE,
  SOLD_OUT,
  USE_NEW_PRICE,
} from "./messages";

// What the shop said of a flagged line, and the one button that fixes it.
function LineProblem({ line, which }) {
  const dispatch = useDispatch();
  const remove = (
    <button type="button" className="button button-small" onClick={() => dispatch(itemRemoved(which))}>
      {REMOVE}
    </button>
  );
  switch (line.problem) {
    case "shoe_gone":
    case "size_gone":
      return (
        <div className="line-problem">
          <p>{line.problem === "shoe_gone" ? SHOE_GONE : SIZE_GONE}</p>
          {remove}
        </div>
      );
    case "price_changed":
      return (
        <div className="line-problem">
          <p>
            {PRICE_CHANGED} was <s>{formatPrice(line.price)}</s>, now{" "}
            <strong>{formatPrice(line.shopPrice)}</strong>
          </p>
          <button
            type="button"
            className="button button-small"
            onClick={() =>
              dispatch(
                newPriceAccepted({ ...which, price: line.shopPrice, regularPrice: line.shopRegularPrice }),
              )
            }
          >
            {USE_NEW_PRICE}
          </button>
        </div>
      );
    case "out_of_stock":
      return (
        <div className="line-problem">
          <p>{line.available > 0 ? onlyLeft(line.available) : SOLD_OUT}</p>
          {line.available > 0 ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => dispatch(quantityLowered({ ...which, available: line.available }))}
            >
              {lowerTo(line.available)}
            </button>
          ) : (
            remove
          )}
        </div>
      );
    default:
      return null;
  }
}

// One line of the cart: the shoe, its size and price, '+' and '-' for its quantity, the trash can,
// and what the shop flagged on it.
export default function CartLine({ line }) {
  const dispatch = useDispatch();
  const which = { _id: line._id, size: line.size };
  const named = `${line.name}, size ${line.size}`;
  return (
    <li className={line.problem ? "cart-line cart-line-flagged" : "cart-line"} aria-label={named}>
      <ShoeImage
        className="cart-line-image"
        src={line.image}
        srcSet={line.imageSrcset}
        place="cart"
        width="120"
        height="90"
      />
      <div className="cart-line-info">
        <Link to={`/products/${line._id}`} className="cart-line-name">
          {line.name}
        </Link>
        <p>Size {line.size}</p>
        <Price price={line.price} regular={line.regularPrice} />
      </div>
      <div className="quantity" role="group" aria-label={`Quantity of ${named}`}>
        <button
          type="button"
          className="icon-button"
          aria-label={`One pair less of ${named}`}
          disabled={line.quantity <= 1}
          onClick={() => dispatch(quantityDecreased(which))}
        >
          -
        </button>
        <output className="quantity-value" aria-live="polite">
          {line.quantity}
        </output>
        <button
          type="button"
          className="icon-button"
          aria-label={`One pair more of ${named}`}
          disabled={line.quantity >= line.limit}
          onClick={() => dispatch(quantityIncreased({ ...which, limit: line.limit }))}
        >
          +
        </button>
      </div>
      <button
        type="button"
        className="icon-button"
        aria-label={`Remove ${named} from the cart`}
        onClick={() => dispatch(itemRemoved(which))}
      >
        <TrashIcon />
      </button>
      {line.problem && <LineProblem line={line} which={which} />}
    </li>
  );
}
