// The parcels of an order (issue 31): each carrier and tracking number, a link to the carrier's
// tracking page; an exchange's new size says so.
export default function Shipments({ shipments }) {
  if (!shipments?.length) return null;
  return (
    <div>
      <dt>Shipped with</dt>
      {shipments.map((shipment) => (
        <dd key={`${shipment.carrier}-${shipment.trackingNumber}`}>
          {shipment.carrier}{" "}
          <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
            {shipment.trackingNumber}
          </a>
          {shipment.exchange && " (exchange)"}
        </dd>
      ))}
    </div>
  );
}
