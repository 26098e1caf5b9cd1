import * as firebaseAuth from "firebase/auth";
import { api } from "../../../lib/api";
import { installFakeApi } from "../../../testing/fakeApi";
import { createFirebaseIdentity } from "../identity/firebase";

// Firebase's SDK talks to Google's servers: it is the edge of the network, stood in for here.
jest.mock("firebase/app", () => ({ initializeApp: jest.fn(() => ({ name: "shop" })) }));
jest.mock("firebase/auth", () => {
  const auth = { currentUser: null };
  return {
    auth,
    getAuth: jest.fn(() => auth),
    onAuthStateChanged: jest.fn(),
    createUserWithEmailAndPassword: jest.fn(),
    signInWithEmailAndPassword: jest.fn(),
    signInWithPopup: jest.fn(),
    signOut: jest.fn(),
    sendPasswordResetEmail: jest.fn(),
    reauthenticateWithCredential: jest.fn(),
    updatePassword: jest.fn(),
    GoogleAuthProvider: jest.fn(),
    EmailAuthProvider: { credential: jest.fn((email, password) => ({ email, password })) },
  };
});

const firebaseUser = {
  uid: "firebase-uid",
  email: "ana@example.com",
  getIdToken: jest.fn(() => Promise.resolve("id-token-1")),
};
const record = { _id: 1, email: "ana@example.com", idUser: "firebase-uid", status: "Enabled" };

beforeEach(() => {
  jest.clearAllMocks();
  firebaseAuth.auth.currentUser = null;
});

test("every API call carries the signed-in user's ID token", async () => {
  installFakeApi({ "GET /shoes": [] });
  createFirebaseIdentity({ projectId: "shop" });
  firebaseAuth.auth.currentUser = firebaseUser;
  await api.get("/shoes");
  expect(globalThis.fetch.mock.calls[0][1].headers.Authorization).toBe("Bearer id-token-1");
});

test("signing in with a password posts the user to the server and answers its record", async () => {
  const calls = installFakeApi({ "POST /users": record });
  firebaseAuth.signInWithEmailAndPassword.mockResolvedValue({ user: firebaseUser });
  const identity = createFirebaseIdentity({ projectId: "shop" });
  await expect(identity.signIn("ana@example.com", "secret1")).resolves.toEqual(record);
  expect(firebaseAuth.signInWithEmailAndPassword).toHaveBeenCalledWith(
    firebaseAuth.auth,
    "ana@example.com",
    "secret1",
  );
  expect(calls[0].body).toEqual({ email: "ana@example.com", idUser: "firebase-uid" });
});

test("Google sign-in goes through Firebase's popup", async () => {
  installFakeApi({ "POST /users": record });
  firebaseAuth.signInWithPopup.mockResolvedValue({ user: firebaseUser });
  await createFirebaseIdentity({}).signInWithGoogle();
  expect(firebaseAuth.signInWithPopup).toHaveBeenCalledWith(firebaseAuth.auth, expect.any(Object));
});

test("the SDK's refusals keep their codes", async () => {
  firebaseAuth.createUserWithEmailAndPassword.mockRejectedValue(
    Object.assign(new Error("Firebase: Error (auth/email-already-in-use)."), {
      code: "auth/email-already-in-use",
    }),
  );
  await expect(createFirebaseIdentity({}).signUp("ana@example.com", "secret1")).rejects.toMatchObject({
    code: "auth/email-already-in-use",
  });
});

test("each auth-state change is posted to the server; a disabled account is told so", async () => {
  installFakeApi({
    "POST /users": [403, { detail: "Your account is Disabled or Eliminated", code: "account_disabled" }],
  });
  const listener = jest.fn();
  createFirebaseIdentity({}).onChange(listener);
  const changed = firebaseAuth.onAuthStateChanged.mock.calls[0][1];

  changed(null);
  expect(listener).toHaveBeenLastCalledWith(null);

  changed(firebaseUser);
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(listener).toHaveBeenLastCalledWith({ status: "Disabled", email: "ana@example.com" });
});

test("a new password needs the current one first", async () => {
  firebaseAuth.auth.currentUser = firebaseUser;
  await createFirebaseIdentity({}).changePassword("old secret", "new secret");
  expect(firebaseAuth.reauthenticateWithCredential).toHaveBeenCalledWith(firebaseUser, {
    email: "ana@example.com",
    password: "old secret",
  });
  expect(firebaseAuth.updatePassword).toHaveBeenCalledWith(firebaseUser, "new secret");
});
