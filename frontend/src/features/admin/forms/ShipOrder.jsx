import { useState } from "react";
import { CARRIERS, trackingNumberValid } from "../../../lib/carriers";
import { useShipOrderMutation } from "../api";
import { NOT_A_TRACKING_NUMBER, SHIP_ORDER, SHIPPED } from "./messages";

// Fulfilment (issue 31): the carrier and the tracking number of the order's parcel; the server
// records it, moves the order to Shipped and mails the shopper the tracking link.
export default function ShipOrder({ idPayment }) {
  const [carrier, setCarrier] = useState("UPS");
  const [number, setNumber] = useState("");
  const [message, setMessage] = useState("");
  const [shipOrder, { isLoading }] = useShipOrderMutation();

  const submit = async (event) => {
    event.preventDefault();
    if (!trackingNumberValid(carrier, number)) {
      setMessage(NOT_A_TRACKING_NUMBER);
      return;
    }
    const answer = await shipOrder({ idPayment, carrier, trackingNumber: number });
    setMessage(answer.error ? answer.error.message : SHIPPED);
    if (!answer.error) setNumber("");
  };

  return (
    <form className="admin-form ship-order" aria-label="Ship" noValidate onSubmit={submit}>
      <label>
        Carrier
        <select value={carrier} onChange={(event) => setCarrier(event.target.value)}>
          {Object.keys(CARRIERS).map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tracking number
        <input value={number} onChange={(event) => setNumber(event.target.value)} />
      </label>
      <button type="submit" className="button" disabled={isLoading}>
        {SHIP_ORDER}
      </button>
      {message && <p role="status">{message}</p>}
    </form>
  );
}
