// Where an order ships, as the payment form gave it at the purchase (docs/PRODUCT.md §5's fields): the
// order's page and the admin's /orders. Orders from before addresses were kept have none to show.
export default function ShippingAddress({ address }) {
  if (!address?.name) return <span>Not recorded</span>;
  return (
    <address className="order-address">
      {address.name}
      <br />
      {address.line1}
      <br />
      {`${address.city}, ${address.state} ${address.postalCode}`}
    </address>
  );
}
