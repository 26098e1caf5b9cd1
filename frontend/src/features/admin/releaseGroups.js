// The dashboard's releases in three groups by the server's state (docs/PRODUCT.md §10): upcoming (announced or not,
// soonest first), open (on sale, entries open, or a draw whose entries closed and that has not run: the admin may
// still have to run it; soonest opened first), and past (drawn, cancelled or ended; latest first).
const OPEN_STATES = new Set(["open", "closed"]);

const opening = (release) => new Date(release.opensAt).getTime();

export function releaseGroups(releases = []) {
  const upcoming = releases.filter((r) => r.state === "upcoming").sort((a, b) => opening(a) - opening(b));
  const open = releases.filter((r) => OPEN_STATES.has(r.state)).sort((a, b) => opening(a) - opening(b));
  const past = releases
    .filter((r) => r.state !== "upcoming" && !OPEN_STATES.has(r.state))
    .sort((a, b) => opening(b) - opening(a));
  return { upcoming, open, past };
}

// What a release's row says of it: its kind and state in the admin's words.
const STATE_WORDS = {
  upcoming: "Coming soon",
  open: "Open",
  closed: "Entries closed, to draw",
  drawn: "Drawn",
  cancelled: "Draw cancelled",
  ended: "Ended",
};

export function releaseStateWords(release) {
  const kind = release.kind === "draw" ? "Draw" : "First come";
  return `${kind}: ${STATE_WORDS[release.state] ?? release.state}`;
}
