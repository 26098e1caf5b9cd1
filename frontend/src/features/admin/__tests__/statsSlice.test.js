import { setupStore } from "../../../app/store";
import { statsFixture } from "../../../testing/adminFixtures";
import { installFakeApi } from "../../../testing/fakeApi";
import { signOut } from "../../account/accountSlice";
import { fetchStats, selectStats } from "../statsSlice";

test("one call brings the tiles' and the chart's figures", async () => {
  const calls = installFakeApi({ "GET /admin/stats": statsFixture() });
  const store = setupStore();
  await store.dispatch(fetchStats());
  expect(calls.map((call) => call.path)).toEqual(["/admin/stats"]);
  expect(selectStats(store.getState())).toMatchObject({
    status: "succeeded",
    stats: { pairs: 42, orders: 17, sales: 123456 },
  });
  expect(selectStats(store.getState()).stats.salesByDay).toHaveLength(30);
});

test("a failed call says so", async () => {
  installFakeApi({ "GET /admin/stats": [503, { detail: "Busy" }] });
  const store = setupStore();
  await store.dispatch(fetchStats());
  expect(selectStats(store.getState())).toMatchObject({
    status: "failed",
    stats: null,
    error: { status: 503 },
  });
});

test("signing out forgets the figures", async () => {
  installFakeApi({ "GET /admin/stats": statsFixture(), "POST /auth/signout": [204, undefined] });
  const store = setupStore();
  await store.dispatch(fetchStats());
  await store.dispatch(signOut());
  expect(selectStats(store.getState()).stats).toBeNull();
});
