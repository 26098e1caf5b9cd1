import { api } from "../../../lib/api";

// The local identity provider: the shop's own accounts, signed in with a session cookie that the
// API client's requests carry (with the CSRF header on writes). Each call answers the user's record.
export function createLocalIdentity({ user = null } = {}) {
  return {
    name: "local",
    // The page shell said who the session signed in: no request is needed to know.
    onChange(listener) {
      listener(user);
      return () => {};
    },
    signUp: (email, password) => api.post("/auth/signup", { email, password }),
    signIn: (email, password) => api.post("/auth/signin", { email, password }),
    // The ID token Google's button gave the page (GoogleSignInButton): the server checks it with Google.
    signInWithGoogle: (credential) => api.post("/auth/google", { credential }),
    signOut: () => api.post("/auth/signout"),
    changePassword: (currentPassword, password) => api.post("/auth/password", { currentPassword, password }),
    // The server checks the password itself, with the call that needs it (deleting the account).
    reauthenticate: async () => {},
    sendPasswordReset: (email) => api.post("/auth/password-reset", { email }),
    confirmPasswordReset: (uid, token, password) =>
      api.post("/auth/password-reset/confirm", { uid, token, password }),
  };
}
