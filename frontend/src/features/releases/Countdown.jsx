import { useEffect, useState } from "react";
import { formatLeft, serverNow, timeLeft } from "./countdown";

// The time left before `opensAt`, by the server's clock, ticking each second; `onDone` once it reaches zero.
export default function Countdown({ opensAt, answer, onDone }) {
  const [now, setNow] = useState(() => serverNow(answer));
  const left = timeLeft(opensAt, now);
  useEffect(() => {
    if (left.done) {
      onDone?.();
      return undefined;
    }
    const timer = setInterval(() => setNow(serverNow(answer)), 1000);
    return () => clearInterval(timer);
  }, [answer, left.done, onDone]);
  return (
    <p className="release-countdown" role="timer" aria-live="off">
      Opens in <strong>{formatLeft(left)}</strong>
    </p>
  );
}
