import { initializeApp } from "firebase/app";
import {
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  getAuth,
  GoogleAuthProvider,
  onAuthStateChanged,
  reauthenticateWithCredential,
  reauthenticateWithPopup,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updatePassword,
} from "firebase/auth";
import { api, setTokenProvider } from "../../../lib/api";

// The Firebase identity provider: the browser signs in with Firebase's SDK, and every API call
// carries the user's ID token, which the server verifies. After each sign-in the user is posted to
// the server (POST /users), which answers its record of them, as after every auth-state change.
export function createFirebaseIdentity(firebaseConfig) {
  const auth = getAuth(initializeApp(firebaseConfig));
  setTokenProvider(() => (auth.currentUser ? auth.currentUser.getIdToken() : null));

  const record = (credential) =>
    api.post("/users", { email: credential.user.email, idUser: credential.user.uid });

  return {
    name: "firebase",
    // Firebase restores a signed-in user after a reload, a moment after the page starts.
    onChange(listener) {
      return onAuthStateChanged(auth, (user) => {
        if (!user) return listener(null);
        api
          .post("/users", { email: user.email, idUser: user.uid })
          .then(listener, (error) =>
            listener(error.code === "account_disabled" ? { status: "Disabled", email: user.email } : null),
          );
      });
    },
    signUp: async (email, password) => record(await createUserWithEmailAndPassword(auth, email, password)),
    signIn: async (email, password) => record(await signInWithEmailAndPassword(auth, email, password)),
    signInWithGoogle: async () => record(await signInWithPopup(auth, new GoogleAuthProvider())),
    signOut: () => signOut(auth),
    // Firebase asks for a recent sign-in before a new password: the current one gives it.
    changePassword: async (currentPassword, password) => {
      const user = auth.currentUser;
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
      await updatePassword(user, password);
    },
    // Before deleting the account the server wants a recent sign-in: the password again, or Google's popup for
    // an account that only signs in with Google; then a fresh token, which carries the new sign-in's time.
    reauthenticate: async (password) => {
      const user = auth.currentUser;
      const providers = user.providerData.map((provider) => provider.providerId);
      if (!providers.includes("password") && providers.includes("google.com")) {
        await reauthenticateWithPopup(user, new GoogleAuthProvider());
      } else {
        await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
      }
      await user.getIdToken(true);
    },
    // Firebase mails its own link, to its own set-new-password page.
    sendPasswordReset: (email) => sendPasswordResetEmail(auth, email),
    confirmPasswordReset: async () => {
      throw new Error("Firebase's mailed link sets the new password on Firebase's own page.");
    },
  };
}
