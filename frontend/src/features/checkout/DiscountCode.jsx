import { useId, useState } from "react";
import { CODE_APPLY, CODE_LABEL, CODE_REMOVE, codeApplied } from "./messages";

// The cart's discount code (docs/PRODUCT.md §2 'Cart screen'): typed and applied, then priced by the shop with the
// rest of the cart. `code` is the one applied (""), `answer` the quote's word on it ({code, applied, message} or
// null): a refusal shows the shop's one sentence; `onApply(code)` applies one, `onApply("")` removes it.
export default function DiscountCode({ code, answer, onApply }) {
  const [typed, setTyped] = useState(code);
  const id = useId();
  const apply = (event) => {
    event.preventDefault();
    onApply(typed.trim());
  };
  const remove = () => {
    setTyped("");
    onApply("");
  };
  const refused = code && answer && answer.code.toLowerCase() === code.toLowerCase() && !answer.applied;

  return (
    <form className="discount-code" onSubmit={apply}>
      <label htmlFor={`${id}-code`}>{CODE_LABEL}</label>
      <div className="discount-code-row">
        <input
          id={`${id}-code`}
          type="text"
          value={typed}
          maxLength={40}
          autoComplete="off"
          aria-invalid={refused ? "true" : undefined}
          aria-describedby={refused ? `${id}-refusal` : undefined}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="button" disabled={!typed.trim()}>
          {CODE_APPLY}
        </button>
        {code && (
          <button type="button" className="button button-quiet" onClick={remove}>
            {CODE_REMOVE}
          </button>
        )}
      </div>
      {refused && (
        <p id={`${id}-refusal`} className="form-error" role="alert">
          {answer.message}
        </p>
      )}
      {answer?.applied && (
        <p className="form-note" role="status">
          {codeApplied(answer.code)}
        </p>
      )}
    </form>
  );
}
