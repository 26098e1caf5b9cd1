import { useState } from "react";
import { CARRIERS } from "../../../lib/carriers";
import { useDecideReturnMutation, useOpenReturnsQuery } from "../api";
import { OPEN_RETURNS, NO_OPEN_RETURNS } from "./messages";

function ReturnRow({ request }) {
  const [decide, { isLoading }] = useDecideReturnMutation();
  const [carrier, setCarrier] = useState("UPS");
  const [number, setNumber] = useState("");
  const [message, setMessage] = useState("");
  const exchange = request.kind === "exchange";
  const send = async (action) => {
    const shipping = action === "approve" && exchange ? { carrier, trackingNumber: number } : {};
    const answer = await decide({ id: request._id, idPayment: request.idPayment, action, ...shipping });
    setMessage(answer.error ? answer.error.message : "");
  };
  const pairs = request.pairs.reduce((sum, pair) => sum + pair.quantity, 0);
  return (
    <li data-return={request._id}>
      <code>{request.idPayment}</code> {request.client}: {pairs} pair(s), {request.reason},{" "}
      {exchange ? `exchange for size ${request.exchangeSize}` : "refund"} ({request.status})
      {request.status === "Requested" && (
        <button type="button" className="button" disabled={isLoading} onClick={() => send("received")}>
          Pairs received
        </button>
      )}
      {request.status === "Received" && exchange && (
        <>
          <select aria-label="Carrier" value={carrier} onChange={(event) => setCarrier(event.target.value)}>
            {Object.keys(CARRIERS).map((code) => (
              <option key={code}>{code}</option>
            ))}
          </select>
          <input
            aria-label="Tracking number"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
          />
        </>
      )}
      {request.status === "Received" && (
        <button type="button" className="button" disabled={isLoading} onClick={() => send("approve")}>
          Approve
        </button>
      )}
      <button
        type="button"
        className="button button-quiet"
        disabled={isLoading}
        onClick={() => send("refuse")}
      >
        Refuse
      </button>
      {message && <span role="alert"> {message}</span>}
    </li>
  );
}

// Returns and exchanges (issue 31): the requests not decided yet; an admin marks the pairs received,
// then approves (a refund, or the new size shipped) or refuses.
export default function OpenReturns() {
  const { currentData: requests = [] } = useOpenReturnsQuery();
  return (
    <section className="open-returns" aria-label={OPEN_RETURNS}>
      <h2>{OPEN_RETURNS}</h2>
      {requests.length === 0 ? (
        <p className="empty">{NO_OPEN_RETURNS}</p>
      ) : (
        <ul>
          {requests.map((request) => (
            <ReturnRow key={request._id} request={request} />
          ))}
        </ul>
      )}
    </section>
  );
}
