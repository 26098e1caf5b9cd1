import { useSelector } from "react-redux";
import OrderLines from "../../../components/OrderLines";
import PriceBreakdown from "../../../components/PriceBreakdown";
import { beyondSubtotal, orderBreakdown } from "../../../lib/breakdown";
import ShippingAddress from "../../../components/ShippingAddress";
import { formatCents } from "../../../lib/money";
import { useAdminOrderQuery, useCancelOrderMutation, useRefundOrderMutation } from "../api";
import { selectSelectedOrder } from "../selectionSlice";
import Shipments from "../../../components/Shipments";
import OpenReturns from "./OpenReturns";
import ShipOrder from "./ShipOrder";
import { useRowActions } from "../useAdminTable";
import { AdminScreen, NothingSelected } from "./AdminForm";
import {
  CANCEL_ORDER,
  CANCEL_ORDER_TEXT,
  NO_ORDER_SELECTED,
  NOT_REFUNDED,
  ORDER_CANCELLED,
  ORDER_TITLE,
  REFUND_ALL,
  REFUND_ALL_TEXT,
  REFUND_ONE,
  REFUNDED,
  refundOneText,
  YES_CANCEL_ORDER,
  YES_REFUND,
} from "./messages";

function Fact({ term, children }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const pairsLeft = (line) => line.quantity - (line.refunded ?? 0);

// The refund and cancel buttons of an order: each asks 'Are you sure?' first (the money goes back to
// the card, which cannot be undone) and the server refunds at most what is left.
function useOrderRefunds(order) {
  const [refundOrder] = useRefundOrderMutation();
  const [cancelOrder] = useCancelOrderMutation();
  const { isBusy, confirmed } = useRowActions();
  const { idPayment } = order;
  const refused = { refused: NOT_REFUNDED };

  const refundOne = (line) =>
    confirmed(
      `line-${line.line}`,
      () => refundOrder({ idPayment, lines: [{ line: line.line, quantity: 1 }] }),
      { text: refundOneText(line), confirmButtonText: YES_REFUND, success: REFUNDED, ...refused },
    );
  const refundAll = () =>
    confirmed("all", () => refundOrder({ idPayment }), {
      text: REFUND_ALL_TEXT,
      confirmButtonText: YES_REFUND,
      success: REFUNDED,
      ...refused,
    });
  const cancel = () =>
    confirmed("all", () => cancelOrder({ idPayment }), {
      text: CANCEL_ORDER_TEXT,
      confirmButtonText: YES_CANCEL_ORDER,
      success: ORDER_CANCELLED,
      ...refused,
    });
  return { isBusy, refundOne, refundAll, cancel };
}

// /orders (docs/PRODUCT.md §2 'Admin dashboard'): the order selected in the Clients table: payment id,
// client, where it ships, the shoes with quantity, size and price, the total, the status and where
// the money stands; a pair, every pair left, or the whole order (cancelled) can be refunded. The
// order is asked of the server again, so a refund shows as soon as it is made.
export default function AdminOrders() {
  const selected = useSelector(selectSelectedOrder);
  if (!selected)
    return (
      <>
        <NothingSelected title={ORDER_TITLE} message={NO_ORDER_SELECTED} />
        <OpenReturns />
      </>
    );
  return <AdminOrder selected={selected} />;
}

function AdminOrder({ selected }) {
  const { currentData } = useAdminOrderQuery(selected.idPayment);
  const order = { ...selected, ...currentData };
  const { isBusy, refundOne, refundAll, cancel } = useOrderRefunds(order);
  const open = order.status !== "Cancelled";
  const left = open && order.shoe.some((line) => pairsLeft(line) > 0);

  const refundButton = (line) =>
    open && pairsLeft(line) > 0 ? (
      <button
        type="button"
        className="button button-quiet"
        disabled={isBusy(`line-${line.line}`) || isBusy("all")}
        onClick={() => refundOne(line)}
      >
        {REFUND_ONE}
      </button>
    ) : null;

  return (
    <AdminScreen title={ORDER_TITLE}>
      <dl className="order-facts">
        <Fact term="Payment id">
          <code>{order.idPayment}</code>
        </Fact>
        <Fact term="Client">{order.client}</Fact>
        {order.email && order.email !== order.client && <Fact term="Email">{order.email}</Fact>}
        <Fact term="Date">{order.date.slice(0, 10)}</Fact>
        <Fact term="Ship to">
          <ShippingAddress address={order.address} />
        </Fact>
      </dl>
      <OrderLines lines={order.shoe} lineAction={refundButton} />
      {beyondSubtotal(orderBreakdown(order)) && (
        <PriceBreakdown parts={orderBreakdown(order)} label="What was paid" />
      )}
      <dl className="order-facts">
        <Fact term="Total">{formatCents(order.amount)}</Fact>
        <Fact term="Status">{order.status}</Fact>
        <Shipments shipments={order.shipments} />
        <Fact term="Payment">{order.payment}</Fact>
        {order.refunded > 0 && <Fact term="Refunded">{formatCents(order.refunded)}</Fact>}
      </dl>
      {order.status === "Pending" && <ShipOrder idPayment={order.idPayment} />}
      <OpenReturns />
      {open && (
        <div className="admin-screen-actions">
          {left && (
            <button type="button" className="button" disabled={isBusy("all")} onClick={refundAll}>
              {REFUND_ALL}
            </button>
          )}
          <button type="button" className="button" disabled={isBusy("all")} onClick={cancel}>
            {CANCEL_ORDER}
          </button>
        </div>
      )}
    </AdminScreen>
  );
}
