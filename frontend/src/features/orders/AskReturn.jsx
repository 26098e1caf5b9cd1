import { useState } from "react";
import { canAskReturn, returnablePairs } from "../../lib/returns";
import { useAskReturnMutation } from "./api";
import { ASK_RETURN, REFUND_INSTEAD, RETURN_ASKED, RETURN_REASONS, RETURN_TITLE } from "./messages";

// Returns and exchanges (issue 31): where each return stands, and while pairs are left, the buyer
// picks one line's pairs, a reason and a refund or another size; the server checks the window.
export default function AskReturn({ order }) {
  const left = returnablePairs(order);
  const lines = order.shoe.filter((line) => left[line.line] > 0);
  const [lineId, setLineId] = useState(lines[0]?.line ?? "");
  const [quantity, setQuantity] = useState(1);
  const [reason, setReason] = useState("too_small");
  const [exchangeSize, setExchangeSize] = useState("");
  const [message, setMessage] = useState("");
  const [askReturn, { isLoading }] = useAskReturnMutation();

  const submit = async (event) => {
    event.preventDefault();
    const answer = await askReturn({
      idPayment: order.idPayment,
      lines: [{ line: Number(lineId), quantity: Number(quantity) }],
      reason,
      exchangeSize: exchangeSize || undefined,
    });
    setMessage(answer.error ? answer.error.message : RETURN_ASKED);
  };

  return (
    <section className="order-returns" aria-label={RETURN_TITLE}>
      <h2>{RETURN_TITLE}</h2>
      {(order.returns ?? []).length > 0 && (
        <ul className="order-return-list">
          {order.returns.map((request) => (
            <li key={request._id}>
              {request.pairs.reduce((sum, pair) => sum + pair.quantity, 0)} pair(s),{" "}
              {RETURN_REASONS[request.reason]}
              {request.exchangeSize ? `, for size ${request.exchangeSize}` : ""}: {request.status}
            </li>
          ))}
        </ul>
      )}
      {canAskReturn(order) && (
        <form onSubmit={submit} aria-label={ASK_RETURN}>
          <label>
            Pairs
            <select value={lineId} onChange={(event) => setLineId(event.target.value)}>
              {lines.map((line) => (
                <option key={line.line} value={line.line}>
                  {line.name} size {line.size}
                </option>
              ))}
            </select>
          </label>
          <label>
            How many
            <input
              type="number"
              min="1"
              max={left[lineId] ?? 1}
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
            />
          </label>
          <label>
            Reason
            <select value={reason} onChange={(event) => setReason(event.target.value)}>
              {Object.entries(RETURN_REASONS).map(([code, label]) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            Exchange for size
            <input
              value={exchangeSize}
              placeholder={REFUND_INSTEAD}
              onChange={(event) => setExchangeSize(event.target.value)}
            />
          </label>
          <button type="submit" className="button" disabled={isLoading}>
            {ASK_RETURN}
          </button>
        </form>
      )}
      {message && <p role="status">{message}</p>}
    </section>
  );
}
