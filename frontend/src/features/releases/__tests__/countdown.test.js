import { formatLeft, serverNow, stateLabel, timeLeft } from "../countdown";

describe("the release countdown", () => {
  it("runs on the server's clock, not the device's", () => {
    const answer = { serverNow: "2026-03-01T09:59:00Z", receivedAt: 5_000_000 };
    // The device's clock is an hour off; 30 s went by on it since the answer came.
    expect(new Date(serverNow(answer, 5_030_000)).toISOString()).toBe("2026-03-01T09:59:30.000Z");
  });

  it("counts days, hours, minutes and seconds down to zero, never below", () => {
    const opens = "2026-03-01T10:00:00Z";
    const at = (iso) => new Date(iso).getTime();
    expect(timeLeft(opens, at("2026-02-27T08:58:57Z"))).toEqual({
      days: 2,
      hours: 1,
      minutes: 1,
      seconds: 3,
      done: false,
    });
    expect(timeLeft(opens, at("2026-03-01T09:59:59Z"))).toMatchObject({ seconds: 1, done: false });
    expect(timeLeft(opens, at("2026-03-01T10:00:00Z")).done).toBe(true);
    expect(timeLeft(opens, at("2026-03-01T10:00:05Z"))).toMatchObject({ seconds: 0, done: true });
  });

  it("reads as a clock, with the days in front when there are some", () => {
    expect(formatLeft({ days: 0, hours: 4, minutes: 5, seconds: 9 })).toBe("04:05:09");
    expect(formatLeft({ days: 2, hours: 0, minutes: 0, seconds: 0 })).toBe("2d 00:00:00");
  });

  it("names a release's state by its kind", () => {
    expect(stateLabel({ state: "open", kind: "draw" })).toBe("Draw open");
    expect(stateLabel({ state: "open", kind: "first_come" })).toBe("On sale now");
    expect(stateLabel({ state: "cancelled", kind: "draw" })).toBe("Draw cancelled");
  });
});
