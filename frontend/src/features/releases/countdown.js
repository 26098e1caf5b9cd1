// The time left before a release opens, by the server's clock: the answer's serverNow plus what this device's
// clock has run since the answer came (a device set an hour wrong still counts down to the true minute).
export function serverNow({ serverNow: stamp, receivedAt }, deviceNow = Date.now()) {
  return new Date(stamp).getTime() + (deviceNow - receivedAt);
}

// {days, hours, minutes, seconds, done} left from `now` (ms) to `opensAt` (an ISO time).
export function timeLeft(opensAt, now) {
  const left = Math.max(0, new Date(opensAt).getTime() - now);
  const seconds = Math.floor(left / 1000);
  return {
    days: Math.floor(seconds / 86400),
    hours: Math.floor((seconds % 86400) / 3600),
    minutes: Math.floor((seconds % 3600) / 60),
    seconds: seconds % 60,
    done: left === 0,
  };
}

const two = (n) => String(n).padStart(2, "0");

// "2d 04:05:09", or "04:05:09" under a day.
export function formatLeft({ days, hours, minutes, seconds }) {
  const clock = `${two(hours)}:${two(minutes)}:${two(seconds)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

// When a release opens or closes, as the shopper reads it in their own time zone.
export function formatWhen(iso, locale = undefined) {
  return new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

// What a release's card says of it, by its state and kind.
export function stateLabel(release) {
  const labels = {
    upcoming: "Coming soon",
    open: release.kind === "draw" ? "Draw open" : "On sale now",
    closed: "Entries closed",
    drawn: "Drawn",
    cancelled: "Draw cancelled",
    ended: "Ended",
  };
  return labels[release.state] ?? release.state;
}
