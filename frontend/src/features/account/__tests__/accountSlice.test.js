import { setupStore } from "../../../app/store";
import { installFakeApi, userRecord } from "../../../testing/fakeApi";
import {
  accountTurnedAway,
  authStateChanged,
  selectIsDisabled,
  signIn,
  signOut,
  signUp,
  startIdentity,
} from "../accountSlice";
import { selectIsAdmin } from "../../../lib/session";
import { accountApi } from "../api";
import { setIdentity } from "../identity";
import { createLocalIdentity } from "../identity/local";

afterEach(() => setIdentity(null));

test("is unknown until the identity provider says who is signed in", async () => {
  setIdentity(createLocalIdentity({ user: userRecord() }));
  const store = setupStore();
  expect(store.getState().account.status).toBe("unknown");
  await startIdentity(store);
  expect(store.getState().account).toEqual({ user: userRecord(), status: "signedIn", turnedAway: false });
});

test("nobody signed in is 'signedOut'", async () => {
  setIdentity(createLocalIdentity({ user: null }));
  const store = setupStore();
  await startIdentity(store);
  expect(store.getState().account.status).toBe("signedOut");
});

test("signing up and in keep the server's record", async () => {
  setIdentity(createLocalIdentity());
  const calls = installFakeApi({
    "POST /auth/signup": [201, userRecord()],
    "POST /auth/signin": userRecord({ displayName: "Ana" }),
  });
  const store = setupStore();
  await store.dispatch(signUp({ email: "ana@example.com", password: "secret1" }));
  expect(store.getState().account.user).toEqual(userRecord());
  await store.dispatch(signIn({ email: "ana@example.com", password: "secret1" }));
  expect(store.getState().account).toEqual({
    user: userRecord({ displayName: "Ana" }),
    status: "signedIn",
    turnedAway: false,
  });
  expect(calls.map((call) => [call.path, call.body])).toEqual([
    ["/auth/signup", { email: "ana@example.com", password: "secret1" }],
    ["/auth/signin", { email: "ana@example.com", password: "secret1" }],
  ]);
});

test("a refusal arrives with the service's code and leaves the state", async () => {
  setIdentity(createLocalIdentity());
  installFakeApi({ "POST /auth/signin": [400, { detail: "Wrong Password", code: "auth/wrong-password" }] });
  const store = setupStore();
  store.dispatch(authStateChanged(null));
  const result = await store.dispatch(signIn({ email: "ana@example.com", password: "nope" }));
  expect(result.payload).toMatchObject({
    code: "auth/wrong-password",
    message: "Wrong Password",
    status: 400,
  });
  expect(store.getState().account.status).toBe("signedOut");
});

test("signing out forgets the user, even when the call fails, and empties the API's cache", async () => {
  setIdentity(createLocalIdentity());
  installFakeApi({ "POST /auth/signout": [500, {}], "PUT /auth/profile": userRecord() });
  const store = setupStore();
  store.dispatch(authStateChanged(userRecord()));
  await store.dispatch(accountApi.endpoints.updateDisplayName.initiate("Ana"));
  expect(store.getState().api.mutations).not.toEqual({});
  await store.dispatch(signOut());
  expect(store.getState().account).toEqual({ user: null, status: "signedOut", turnedAway: false });
  // The next person on this browser sees nothing of this one's.
  expect(store.getState().api.queries).toEqual({});
  expect(store.getState().api.mutations).toEqual({});
});

test("an account turned away is signed out and its guards send it home, not to sign in", async () => {
  setIdentity(createLocalIdentity());
  installFakeApi({ "POST /auth/signout": [204] });
  const store = setupStore();
  store.dispatch(authStateChanged(userRecord({ status: "Disabled" })));
  store.dispatch(accountTurnedAway());
  await store.dispatch(signOut());
  expect(store.getState().account).toEqual({ user: null, status: "signedOut", turnedAway: true });
});

test("the profile's changes answer the new record", async () => {
  const calls = installFakeApi({
    "PUT /auth/profile": userRecord({ displayName: "Ana" }),
    "POST /auth/avatar": userRecord({ displayName: "Ana", avatar: "/media/avatars/u/a.webp" }),
  });
  const store = setupStore();
  store.dispatch(authStateChanged(userRecord()));
  await store.dispatch(accountApi.endpoints.updateDisplayName.initiate("Ana"));
  await store.dispatch(
    accountApi.endpoints.uploadAvatar.initiate(new File(["x"], "me.png", { type: "image/png" })),
  );
  expect(store.getState().account.user).toMatchObject({
    displayName: "Ana",
    avatar: "/media/avatars/u/a.webp",
  });
  expect(calls[0].body).toEqual({ displayName: "Ana" });
  expect(globalThis.fetch.mock.calls[1][1].body).toBeInstanceOf(FormData);
});

test("who is an admin and who is disabled come from the server's record", () => {
  const store = setupStore();
  store.dispatch(authStateChanged(userRecord({ isAdmin: true })));
  expect(selectIsAdmin(store.getState())).toBe(true);
  expect(selectIsDisabled(store.getState())).toBe(false);
  store.dispatch(authStateChanged(userRecord({ status: "Eliminated" })));
  expect(selectIsDisabled(store.getState())).toBe(true);
});
