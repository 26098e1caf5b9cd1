import { setupStore } from "../../../app/store";
import { hasPrevious, nextOffset, previousOffset } from "../../../lib/paging";
import { userRow } from "../../../testing/adminFixtures";
import { installDeferredFetch, installFakeApi, page } from "../../../testing/fakeApi";
import { signOut } from "../../account/accountSlice";
import {
  fetchUsersPage,
  selectUsers,
  setUserManager,
  setUserStatus,
  USERS_PAGE_SIZE,
  usersPageChanged,
} from "../usersSlice";

const OWN_ACCOUNT = "You cannot change your own status or manager flag: ask the other administrator.";

async function storeWithUsers(users = [userRow(1), userRow(2)], count = users.length) {
  installFakeApi({ "GET /users": page(users, count) });
  const store = setupStore();
  await store.dispatch(fetchUsersPage(0));
  return store;
}

describe("the page of the Users table", () => {
  test("asks the server for 4 users at the offset, never the whole table", async () => {
    const calls = installFakeApi({ "GET /users": page([userRow(5)], 9) });
    const store = setupStore();
    store.dispatch(usersPageChanged(4));
    await store.dispatch(fetchUsersPage(4));
    expect(calls.map((call) => call.path)).toEqual(["/users?limit=4&offset=4"]);
    expect(selectUsers(store.getState())).toMatchObject({ count: 9, offset: 4, status: "succeeded" });
    expect(selectUsers(store.getState()).users.map((user) => user._id)).toEqual([5]);
  });

  test("each load replaces the page", async () => {
    const store = await storeWithUsers([userRow(1), userRow(2)]);
    installFakeApi({ "GET /users": page([userRow(3)]) });
    await store.dispatch(fetchUsersPage(0));
    expect(selectUsers(store.getState()).users.map((user) => user._id)).toEqual([3]);
  });

  test("Next moves by 4 unless at the end, Previous back by 4 and is hidden on the first page", () => {
    expect(USERS_PAGE_SIZE).toBe(4);
    expect(nextOffset(0, USERS_PAGE_SIZE, 9)).toBe(4);
    expect(nextOffset(8, USERS_PAGE_SIZE, 9)).toBe(8);
    expect(previousOffset(8, USERS_PAGE_SIZE)).toBe(4);
    expect(previousOffset(4, USERS_PAGE_SIZE)).toBe(0);
    expect(hasPrevious(0)).toBe(false);
  });

  test("a page left empty (users gone since) goes back to the first", async () => {
    installFakeApi({ "GET /users": page([], 3) });
    const store = setupStore();
    store.dispatch(usersPageChanged(4));
    await store.dispatch(fetchUsersPage(4));
    expect(selectUsers(store.getState()).offset).toBe(0);
  });

  test("an older page answering last does not replace the newer one", async () => {
    const pending = installDeferredFetch();
    const store = setupStore();
    const first = store.dispatch(fetchUsersPage(0));
    const second = store.dispatch(fetchUsersPage(4));
    await Promise.resolve();
    pending[1].answer(200, page([userRow(5)], 5));
    await second;
    pending[0].answer(200, page([userRow(1)], 5));
    await first;
    expect(selectUsers(store.getState()).users.map((user) => user._id)).toEqual([5]);
  });
});

describe("the toggles", () => {
  test("Disable sends {status: 'Disabled'} and the row takes the server's answer", async () => {
    const store = await storeWithUsers();
    const calls = installFakeApi({ "PUT /users/2": userRow(2, { status: "Disabled" }) });
    const sent = store.dispatch(setUserStatus({ id: 2, status: "Disabled" }));
    expect(selectUsers(store.getState()).busy).toEqual(["2"]);
    await sent;
    expect(calls).toEqual([
      expect.objectContaining({ method: "PUT", path: "/users/2", body: { status: "Disabled" } }),
    ]);
    const { users, busy, revision } = selectUsers(store.getState());
    expect(users.map((user) => [user._id, user.status])).toEqual([
      [1, "Enabled"],
      [2, "Disabled"],
    ]);
    expect(busy).toEqual([]);
    // The screen loads the page again after each change.
    expect(revision).toBe(1);
  });

  test("the manager flag sends {manager} and the row shows what the server now says (admin rights too)", async () => {
    const store = await storeWithUsers();
    const calls = installFakeApi({ "PUT /users/1": userRow(1, { manager: true, isAdmin: true }) });
    await store.dispatch(setUserManager({ id: 1, manager: true }));
    expect(calls[0].body).toEqual({ manager: true });
    expect(selectUsers(store.getState()).users[0]).toMatchObject({ _id: 1, manager: true, isAdmin: true });
  });

  test("a refusal keeps the row as it was and carries the server's reason", async () => {
    const store = await storeWithUsers();
    const before = selectUsers(store.getState()).users;
    installFakeApi({ "PUT /users/1": [409, { detail: OWN_ACCOUNT, code: "own_account" }] });
    const result = await store.dispatch(setUserStatus({ id: 1, status: "Disabled" }));
    expect(result.payload).toMatchObject({ status: 409, message: OWN_ACCOUNT });
    expect(selectUsers(store.getState())).toMatchObject({ users: before, busy: [], revision: 0 });
  });
});

test("signing out forgets the users", async () => {
  const store = await storeWithUsers();
  installFakeApi({ "POST /auth/signout": [204, undefined] });
  await store.dispatch(signOut());
  expect(selectUsers(store.getState())).toMatchObject({ users: [], count: 0, offset: 0 });
});
