import { formatCents } from "../../lib/money";
import { SHIPPING_LEGEND } from "./messages";

// The shipping methods that serve the address typed in the payment form, as the quote offers them (price 0 once
// free), the one the shop chose for the cart checked; `onChoose(id)` picks another.
export default function ShippingChoice({ methods, chosen, onChoose }) {
  if (!methods?.length) return null;
  return (
    <fieldset className="shipping-choice">
      <legend>{SHIPPING_LEGEND}</legend>
      {methods.map((method) => (
        <label key={method.id} className="shipping-method">
          <input
            type="radio"
            name="shipping-method"
            value={method.id}
            checked={method.id === chosen}
            onChange={() => onChoose(method.id)}
          />
          <span className="shipping-method-name">{method.name}</span>
          {method.estimate && <span className="shipping-method-estimate">{method.estimate}</span>}
          <span className="shipping-method-price">
            {method.price > 0 ? formatCents(method.price) : "Free"}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
