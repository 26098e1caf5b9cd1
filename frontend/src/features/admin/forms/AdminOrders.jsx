import { useSelector } from "react-redux";
import { Link } from "react-router";
import { formatCents, formatPrice } from "../../../lib/money";
import { selectSelectedOrder } from "../selectionSlice";
import { AdminScreen, NothingSelected } from "./AdminForm";
import { NO_ORDER_SELECTED, ORDER_TITLE } from "./messages";

function Fact({ term, children }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

// /orders (SPEC.md §2 'Admin dashboard'): the order selected in the Clients table: payment id, client,
// the shoes with quantity, size and price, the total and the status.
export default function AdminOrders() {
  const order = useSelector(selectSelectedOrder);
  if (!order) return <NothingSelected title={ORDER_TITLE} message={NO_ORDER_SELECTED} />;
  return (
    <AdminScreen title={ORDER_TITLE}>
      <dl className="order-facts">
        <Fact term="Payment id">
          <code>{order.idPayment}</code>
        </Fact>
        <Fact term="Client">{order.client}</Fact>
        {order.email && order.email !== order.client && <Fact term="Email">{order.email}</Fact>}
        <Fact term="Date">{order.date.slice(0, 10)}</Fact>
      </dl>
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
          {order.shoe.map((line, index) => (
            <tr key={`${line._id}|${line.size}|${index}`}>
              <td className="order-shoe">
                {line.image && <img src={line.image} alt="" width="80" height="60" />}
                {line._id === null ? line.name : <Link to={`/products/${line._id}`}>{line.name}</Link>}
              </td>
              <td>{line.quantity}</td>
              <td>{line.size}</td>
              <td>{formatPrice(line.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="order-facts">
        <Fact term="Total">{formatCents(order.amount)}</Fact>
        <Fact term="Status">{order.status}</Fact>
      </dl>
    </AdminScreen>
  );
}
