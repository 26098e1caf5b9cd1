import { Link } from "react-router";
import { formatPrice } from "../../lib/money";

// The shoes of an order (docs/PRODUCT.md §2 'Order detail', and the admin's /orders): name and picture,
// quantity, size, price. A shoe's name links to it, unless the shop has deleted it since.
export default function OrderLines({ lines }) {
  return (
    <table className="order-lines">
      <caption className="visually-hidden">The shoes of this order</caption>
      <thead>
        <tr>
          <th scope="col">shoes</th>
          <th scope="col">quantity</th>
          <th scope="col">size</th>
          <th scope="col">price</th>
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
            <td>{line.quantity}</td>
            <td>{line.size}</td>
            <td>{formatPrice(line.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
