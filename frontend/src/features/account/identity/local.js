import { api } from "../../../lib/api";
import { GOOGLE_NOT_CONFIGURED } from "../messages";

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
    signInWithGoogle: async () => {
      throw Object.assign(new Error(GOOGLE_NOT_CONFIGURED), { code: "auth/operation-not-allowed" });
    },
    signOut: () => api.post("/auth/signout"),
    changePassword: (currentPassword, password) => api.post("/auth/password", { currentPassword, password }),
    sendPasswordReset: (email) => api.post("/auth/password-reset", { email }),
    confirmPasswordReset: (uid, token, password) =>
      api.post("/auth/password-reset/confirm", { uid, token, password }),
  };
}
