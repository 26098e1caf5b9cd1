import { releaseGroups, releaseStateWords } from "../releaseGroups";

const release = (id, state, opensAt, kind = "first_come") => ({ id, state, opensAt, kind });

test("releases fall into upcoming, open and past by the server's state", () => {
  const groups = releaseGroups([
    release(1, "ended", "2026-01-01T10:00:00Z"),
    release(2, "upcoming", "2026-12-01T10:00:00Z"),
    release(3, "open", "2026-11-01T10:00:00Z"),
    release(4, "closed", "2026-10-01T10:00:00Z", "draw"),
    release(5, "drawn", "2026-09-01T10:00:00Z", "draw"),
    release(6, "cancelled", "2026-08-01T10:00:00Z", "draw"),
  ]);
  expect(groups.upcoming.map((r) => r.id)).toEqual([2]);
  // A draw whose entries closed is still the admin's to run.
  expect(groups.open.map((r) => r.id)).toEqual([4, 3]);
  expect(groups.past.map((r) => r.id)).toEqual([5, 6, 1]);
});

test("upcoming and open releases come soonest first, past ones latest first", () => {
  const groups = releaseGroups([
    release(1, "upcoming", "2026-12-02T10:00:00Z"),
    release(2, "upcoming", "2026-12-01T10:00:00Z"),
    release(3, "ended", "2026-01-01T10:00:00Z"),
    release(4, "ended", "2026-02-01T10:00:00Z"),
  ]);
  expect(groups.upcoming.map((r) => r.id)).toEqual([2, 1]);
  expect(groups.past.map((r) => r.id)).toEqual([4, 3]);
});

test("no releases, three empty groups", () => {
  expect(releaseGroups(undefined)).toEqual({ upcoming: [], open: [], past: [] });
});

test("a row says the release's kind and state in words", () => {
  expect(releaseStateWords(release(1, "closed", "2026-01-01T10:00:00Z", "draw"))).toBe(
    "Draw: Entries closed, to draw",
  );
  expect(releaseStateWords(release(1, "upcoming", "2026-01-01T10:00:00Z"))).toBe("First come: Coming soon");
});
