import { useEffect } from "react";
import { useDispatch, useSelector } from "react-redux";
import { Link } from "react-router";
import Loading from "../../components/Loading";
import LoadError from "../../components/LoadError";
import Pager from "../../components/Pager";
import { formatCents } from "../../lib/money";
import { NO_ORDERS } from "./messages";
import {
  fetchUserOrders,
  ORDERS_PAGE_SIZE,
  selectUserOrders,
  userOrdersCleared,
  userOrdersPageChanged,
} from "./userOrdersSlice";

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
// its detail.
export default function MyOrders({ uid }) {
  const dispatch = useDispatch();
  const { userOrders, count, offset, status } = useSelector(selectUserOrders);

  useEffect(() => {
    const request = dispatch(fetchUserOrders({ uid, offset }));
    return () => request.abort();
  }, [dispatch, uid, offset]);

  useEffect(() => () => dispatch(userOrdersCleared()), [dispatch]);

  const retry = () => dispatch(fetchUserOrders({ uid, offset }));
  let list;
  if (status === "failed") list = <LoadError what="your orders" onRetry={retry} />;
  else if (userOrders.length > 0) list = <OrdersTable orders={userOrders} />;
  else if (status === "succeeded") list = <p className="empty">{NO_ORDERS}</p>;
  else list = <Loading />;

  return (
    <div className="my-orders-list" aria-busy={status === "loading"}>
      {list}
      <Pager
        offset={offset}
        step={ORDERS_PAGE_SIZE}
        count={count}
        onChange={(newOffset) => dispatch(userOrdersPageChanged(newOffset))}
      />
    </div>
  );
}
