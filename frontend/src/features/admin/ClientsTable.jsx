import { useDispatch } from "react-redux";
import { Link } from "react-router";
import { formatCents } from "../../lib/money";
import AdminTable from "./AdminTable";
import { PAGE_SIZE, useClientsPageQuery, useSetOrderStatusMutation } from "./api";
import { CLIENTS, markOrderAs, NO_CLIENTS } from "./messages";
import { orderSelected } from "./selectionSlice";
import { useAdminPage, useRowActions } from "./useAdminTable";

const HEADERS = ["Client", "Payment id", "Date", "Total", "Status"];

// The status a press on the order's toggle asks for (docs/PRODUCT.md §4 'Order status').
export const otherOrderStatus = (status) => (status === "Received" ? "Pending" : "Received");

// Clients / orders, 4 a page, newest first: who paid what and when, and the fulfilment status with its
// Pending / Received toggle. The payment id opens the order on /orders.
export default function ClientsTable() {
  const dispatch = useDispatch();
  const page = useAdminPage("adminClients", useClientsPageQuery, { limit: PAGE_SIZE.clients });
  const [setOrderStatus] = useSetOrderStatusMutation();
  const { isBusy, act } = useRowActions();

  const renderRow = (order) => {
    const next = otherOrderStatus(order.status);
    return (
      <tr key={order.idPayment}>
        <td>{order.client}</td>
        <td className="admin-code">
          <Link to="/orders" title={order.idPayment} onClick={() => dispatch(orderSelected(order))}>
            {order.idPayment}
          </Link>
        </td>
        <td>{order.date.slice(0, 10)}</td>
        <td>{formatCents(order.amount)}</td>
        <td>
          <span className="admin-status">{order.status}</span>{" "}
          {/* A cancelled order stays cancelled: the toggle is Pending / Received only. */}
          {order.status !== "Cancelled" && (
            <button
              type="button"
              className="button button-small"
              disabled={isBusy(order.idPayment)}
              onClick={() =>
                act(order.idPayment, () => setOrderStatus({ idPayment: order.idPayment, status: next }))
              }
            >
              {markOrderAs(next)}
            </button>
          )}
        </td>
      </tr>
    );
  };

  return (
    <AdminTable
      {...page}
      title={CLIENTS}
      headers={HEADERS}
      renderRow={renderRow}
      step={PAGE_SIZE.clients}
      empty={NO_CLIENTS}
    />
  );
}
