import { createAsyncThunk, createSlice } from "@reduxjs/toolkit";
import { shopApi } from "../../lib/shopApi";
import { accountApi } from "./api";
import { loadIdentity } from "./identity";

// A call of the identity provider; a refusal arrives as the rejected action's payload {code, message}
// (the hosted service's codes, from Firebase's SDK or from our server alike).
function identityThunk(type, call) {
  return createAsyncThunk(type, async (arg, { rejectWithValue }) => {
    try {
      return await call(await loadIdentity(), arg);
    } catch (error) {
      return rejectWithValue({ code: error.code ?? null, message: error.message, status: error.status ?? 0 });
    }
  });
}

export const signUp = identityThunk("account/signedUp", (identity, { email, password }) =>
  identity.signUp(email, password),
);
export const signIn = identityThunk("account/signedIn", (identity, { email, password }) =>
  identity.signIn(email, password),
);
// Firebase's SDK opens Google's popup itself; the local provider posts the ID token Google's button gave.
export const signInWithGoogle = identityThunk("account/signedInWithGoogle", (identity, credential) =>
  identity.signInWithGoogle(credential),
);
export const changePassword = identityThunk(
  "account/passwordChanged",
  (identity, { currentPassword, password }) => identity.changePassword(currentPassword, password),
);
export const sendPasswordReset = identityThunk("account/passwordResetSent", (identity, email) =>
  identity.sendPasswordReset(email),
);
export const confirmPasswordReset = identityThunk(
  "account/passwordResetConfirmed",
  (identity, { uid, token, password }) => identity.confirmPasswordReset(uid, token, password),
);

// `status`: "unknown" until the provider has said who is signed in, then "signedIn" or "signedOut".
// `turnedAway`: the account was Disabled or Eliminated and is being signed out; its guards send it
// home, not to /signin, whichever of the sign-out and the way home lands first.
const initialState = { user: null, status: "unknown", turnedAway: false };

const signedIn = (state, action) => {
  state.user = action.payload;
  state.status = "signedIn";
  state.turnedAway = false;
};

export const accountSlice = createSlice({
  name: "account",
  initialState,
  reducers: {
    // The identity provider says who is signed in: at start, and after each change.
    authStateChanged: (state, action) => {
      state.user = action.payload;
      state.status = action.payload ? "signedIn" : "signedOut";
    },
    accountTurnedAway: (state) => {
      state.turnedAway = true;
    },
    signedOut: (state) => ({ user: null, status: "signedOut", turnedAway: state.turnedAway }),
  },
  extraReducers: (builder) => {
    builder
      .addCase(signUp.fulfilled, signedIn)
      .addCase(signIn.fulfilled, signedIn)
      .addCase(signInWithGoogle.fulfilled, signedIn)
      .addMatcher(accountApi.endpoints.updateDisplayName.matchFulfilled, signedIn)
      .addMatcher(accountApi.endpoints.uploadAvatar.matchFulfilled, signedIn);
  },
});

export const { authStateChanged, accountTurnedAway, signedOut } = accountSlice.actions;

// Signed out even when the call failed: the browser must not go on showing the account. Then the
// API's cache is emptied, so the next person on this browser sees nothing of this one's (their
// favorites, orders, the admin's tables); the account goes first, so the screens that showed them
// have left before anything could be asked again.
export const signOut = createAsyncThunk("account/signOut", async (_, { dispatch }) => {
  try {
    await (await loadIdentity()).signOut();
  } finally {
    dispatch(signedOut());
    dispatch(shopApi.util.resetApiState());
  }
});

// Who is signed in is read through lib/session.js, as every feature reads it.
export const selectIsDisabled = (state) =>
  Boolean(state.account.user && state.account.user.status !== "Enabled");

// Tells the store who is signed in now and after each change.
export async function startIdentity(store) {
  const identity = await loadIdentity();
  return identity.onChange((user) => store.dispatch(authStateChanged(user)));
}

export default accountSlice.reducer;
