import { Link, useParams } from "react-router";
import { DataLoading } from "../../components/Loading";
import LoadError from "../../components/LoadError";
import OrderLines from "../../components/OrderLines";
import PriceBreakdown from "../../components/PriceBreakdown";
import Shipments from "../../components/Shipments";
import ShippingAddress from "../../components/ShippingAddress";
import { beyondSubtotal, orderBreakdown } from "../../lib/breakdown";
import { formatCents } from "../../lib/money";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { useOrderQuery } from "./api";
import AskReturn from "./AskReturn";
import { BACK_ACCOUNT, BACK_HOME, orderNotFound, SOME_PROBLEM } from "./messages";

function OrderActions() {
  return (
    <nav className="order-actions" aria-label="Order">
      <Link to="/account" className="button">
        {BACK_ACCOUNT}
      </Link>
      <Link to="/" className="button">
        {BACK_HOME}
      </Link>
      <Link to="/contactUs" className="button button-quiet">
        {SOME_PROBLEM}
      </Link>
    </nav>
  );
}

// /order/{idPayment} (docs/PRODUCT.md §2 'Order detail'): the payment id, the shoes, the status, the date
// (its first 10 characters), the total (amount in cents / 100), where the money stands (Paid, Partly
// refunded, Refunded, Disputed), where it ships, and the ways on. Another order never
// flashes this one while it loads (currentData is the asked order's only).
export default function OrderDetail() {
  const { idPayment } = useParams();
  const { currentData: order, error, isError, refetch } = useOrderQuery(idPayment);
  useDocumentTitle("Order");

  if (isError && error.status === 404) {
    return (
      <section className="order">
        <h1 className="page-title">ORDER NOT FOUND</h1>
        <p className="empty">{orderNotFound(idPayment)}</p>
        <OrderActions />
      </section>
    );
  }
  if (isError) return <LoadError what="this order" onRetry={refetch} />;
  if (!order) return <DataLoading />;

  return (
    <section className="order">
      <h1 className="page-title">ORDER</h1>
      <p className="order-payment">
        Payment id: <code>{order.idPayment}</code>
      </p>
      <OrderLines lines={order.shoe} />
      {beyondSubtotal(orderBreakdown(order)) && (
        <PriceBreakdown parts={orderBreakdown(order)} label="What was paid" />
      )}
      <dl className="order-facts">
        <div>
          <dt>Status</dt>
          <dd>{order.status}</dd>
        </div>
        <Shipments shipments={order.shipments} />
        <div>
          <dt>Date</dt>
          <dd>{order.date.slice(0, 10)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatCents(order.amount)}</dd>
        </div>
        <div>
          <dt>Payment</dt>
          <dd>{order.payment}</dd>
        </div>
        {order.refunded > 0 && (
          <div>
            <dt>Refunded</dt>
            <dd>{formatCents(order.refunded)}</dd>
          </div>
        )}
        <div>
          <dt>Ship to</dt>
          <dd>
            <ShippingAddress address={order.address} />
          </dd>
        </div>
      </dl>
      {(order.status === "Shipped" || order.status === "Received") && <AskReturn order={order} />}
      <OrderActions />
    </section>
  );
}
