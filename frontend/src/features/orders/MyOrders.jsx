import { useState } from "react";
import { Link } from "react-router";
import Loading from "../../components/Loading";
import LoadError from "../../components/LoadError";
import Pager from "../../components/Pager";
import { formatCents } from "../../lib/money";
import { ORDERS_PAGE_SIZE, useUserOrdersQuery } from "./api";
import { NO_ORDERS } from "./messages";

function OrdersTable({ orders }) {
  return (
    <table className="orders-table">
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Total</th>
          <th scope="col">Status</th>
          <th scope="col">Order</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.idPayment}>
            <td>{order.date.slice(0, 10)}</td>
            <td>{formatCents(order.amount)}</td>
            <td>{order.status}</td>
            <td className="orders-table-id">
              <Link to={`/order/${encodeURIComponent(order.idPayment)}`}>{order.idPayment}</Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// My Orders on /account: the user's paid orders, newest first, a page at a time, each linking to
// its detail. The account page opens on the first page.
export default function MyOrders({ uid }) {
  const [offset, setOffset] = useState(0);
  const { data, isError, isFetching, refetch } = useUserOrdersQuery({ uid, offset });
  const orders = data?.results ?? [];

  let list;
  if (isError) list = <LoadError what="your orders" onRetry={refetch} />;
  else if (orders.length > 0) list = <OrdersTable orders={orders} />;
  else if (data && !isFetching) list = <p className="empty">{NO_ORDERS}</p>;
  else list = <Loading />;

  return (
    <div className="my-orders-list" aria-busy={isFetching}>
      {list}
      <Pager offset={offset} step={ORDERS_PAGE_SIZE} count={data?.count ?? 0} onChange={setOffset} />
    </div>
  );
}
