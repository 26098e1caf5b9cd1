import { useEffect, useState } from "react";

// value, once it has stayed the same for `wait` ms: the state typed in the payment form re-quotes the cart when the
// shopper pauses, not on every key.
export function useDebounced(value, wait) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), wait);
    return () => clearTimeout(timer);
  }, [value, wait]);
  return settled;
}
