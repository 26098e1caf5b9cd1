import { useDispatch, useSelector } from "react-redux";
import { Link } from "react-router";
import { formatCents } from "../../lib/money";
import AdminTable from "./AdminTable";
import {
  CLIENTS_PAGE_SIZE,
  clientsPageChanged,
  fetchClientsPage,
  otherOrderStatus,
  selectClients,
  setOrderStatus,
} from "./clientsSlice";
import { CLIENTS, markOrderAs, NO_CLIENTS } from "./messages";
import { orderSelected } from "./selectionSlice";
import { useRowAction, useTableLoad } from "./useAdminTable";

const HEADERS = ["Client", "Payment id", "Date", "Total", "Status"];

// Clients / orders, 4 a page, newest first: who paid what and when, and the fulfilment status with its
// Pending / Received toggle. The payment id opens the order on /orders.
export default function ClientsTable() {
  const dispatch = useDispatch();
  const table = useSelector(selectClients);
  const load = useTableLoad(table, clientsPageChanged, fetchClientsPage, table.offset);
  const act = useRowAction();

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
          <button
            type="button"
            className="button button-small"
            disabled={table.busy.includes(order.idPayment)}
            onClick={() => act(setOrderStatus, { idPayment: order.idPayment, status: next })}
          >
            {markOrderAs(next)}
          </button>
        </td>
      </tr>
    );
  };

  return (
    <AdminTable
      {...load}
      title={CLIENTS}
      headers={HEADERS}
      rows={table.clients}
      renderRow={renderRow}
      step={CLIENTS_PAGE_SIZE}
      empty={NO_CLIENTS}
    />
  );
}
