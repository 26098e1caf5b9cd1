import { useSelector } from "react-redux";
import { formatCents } from "../../../lib/money";
import { OrderLines } from "../../orders";
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

// /orders (docs/PRODUCT.md §2 'Admin dashboard'): the order selected in the Clients table: payment id,
// client, the shoes with quantity, size and price, the total and the status.
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
      <OrderLines lines={order.shoe} />
      <dl className="order-facts">
        <Fact term="Total">{formatCents(order.amount)}</Fact>
        <Fact term="Status">{order.status}</Fact>
      </dl>
    </AdminScreen>
  );
}
