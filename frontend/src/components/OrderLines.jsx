import { Link } from "react-router";
import { formatPrice } from "../lib/money";

// The shoes of an order (docs/PRODUCT.md §2 'Order detail', and the admin's /orders): name and picture,
// quantity, size, price. A shoe's name links to it, unless the shop has deleted it since. Pairs
// refunded are told beside the quantity; `lineAction(line)`, when given, fills a last column (the
// admin's refund buttons).
export default function OrderLines({ lines, lineAction }) {
  return (
    <table className="order-lines">
      <caption className="visually-hidden">The shoes of this order</caption>
      <thead>
        <tr>
          <th scope="col">shoes</th>
          <th scope="col">quantity</th>
          <th scope="col">size</th>
          <th scope="col">price</th>
          {lineAction && <th scope="col">refund</th>}
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${line._id}|${line.size}|${index}`}>
            <td className="order-shoe">
              {line.image && <img src={line.image} alt="" width="80" height="60" />}
              {line._id === null ? (
                <span>{line.name}</span>
              ) : (
                <Link to={`/products/${line._id}`}>{line.name}</Link>
              )}
            </td>
            <td>
              {line.quantity}
              {line.refunded > 0 && ` (${line.refunded} refunded)`}
            </td>
            <td>{line.size}</td>
            <td>{formatPrice(line.price)}</td>
            {lineAction && <td>{lineAction(line)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
