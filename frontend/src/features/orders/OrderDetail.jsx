import { useEffect } from "react";
import { useDispatch, useSelector } from "react-redux";
import { Link, useParams } from "react-router";
import { useDocumentTitle } from "../../app/useDocumentTitle";
import Loading from "../../components/Loading";
import LoadError from "../../components/LoadError";
import { formatCents, formatPrice } from "../../lib/money";
import { BACK_ACCOUNT, BACK_HOME, orderNotFound, SOME_PROBLEM } from "./messages";
import { fetchOrder, orderCleared, selectOrder } from "./orderSlice";

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

// A shoe of the order: its name links to the shoe, unless the shop has deleted it since.
function OrderLine({ line }) {
  return (
    <tr>
      <td className="order-shoe">
        {line.image && <img src={line.image} alt="" width="80" height="60" />}
        {line._id === null ? <span>{line.name}</span> : <Link to={`/products/${line._id}`}>{line.name}</Link>}
      </td>
      <td>{line.quantity}</td>
      <td>{line.size}</td>
      <td>{formatPrice(line.price)}</td>
    </tr>
  );
}

// /order/{idPayment} (SPEC.md §2 'Order detail'): the payment id, the shoes, the status, the date
// (its first 10 characters), the total (amount in cents / 100), and the ways on. Cleared on leaving.
export default function OrderDetail() {
  const { idPayment } = useParams();
  const dispatch = useDispatch();
  const { order, status, error } = useSelector(selectOrder);
  useDocumentTitle("Order");

  useEffect(() => {
    const request = dispatch(fetchOrder(idPayment));
    return () => {
      request.abort();
      dispatch(orderCleared());
    };
  }, [dispatch, idPayment]);

  if (status === "failed" && error.status === 404) {
    return (
      <section className="order">
        <h1 className="page-title">ORDER NOT FOUND</h1>
        <p className="empty">{orderNotFound(idPayment)}</p>
        <OrderActions />
      </section>
    );
  }
  if (status === "failed") {
    return <LoadError what="this order" onRetry={() => dispatch(fetchOrder(idPayment))} />;
  }
  if (!order) return <Loading />;

  return (
    <section className="order">
      <h1 className="page-title">ORDER</h1>
      <p className="order-payment">
        Payment id: <code>{order.idPayment}</code>
      </p>
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
            <OrderLine key={`${line._id}|${line.size}|${index}`} line={line} />
          ))}
        </tbody>
      </table>
      <dl className="order-facts">
        <div>
          <dt>Status</dt>
          <dd>{order.status}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{order.date.slice(0, 10)}</dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatCents(order.amount)}</dd>
        </div>
      </dl>
      <OrderActions />
    </section>
  );
}
