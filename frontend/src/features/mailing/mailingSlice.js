import { createSlice } from "@reduxjs/toolkit";
import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";

export const subscribeNewsletter = apiThunk("mailing/newsletterSent", (email, options) =>
  api.post("/mail/newsletter", { email: email.trim() }, options),
);

export const sendContactMessage = apiThunk("mailing/contactSent", (form, options) =>
  api.post("/mail/contactUs", form, options),
);

// Where each form's last sending stands: idle, sending, sent or failed, with the server's refusal.
const initialState = {
  newsletter: { status: "idle", error: null },
  contact: { status: "idle", error: null },
};

function track(builder, thunk, key) {
  builder
    .addCase(thunk.pending, (state) => {
      state[key] = { status: "sending", error: null };
    })
    .addCase(thunk.fulfilled, (state) => {
      state[key] = { status: "sent", error: null };
    })
    .addCase(thunk.rejected, (state, action) => {
      state[key] = {
        status: "failed",
        error: action.payload ?? { status: 0, message: action.error.message },
      };
    });
}

const mailingSlice = createSlice({
  name: "mailing",
  initialState,
  reducers: {
    // The form was typed in again: the last answer no longer applies.
    newsletterEdited: (state) => {
      state.newsletter = initialState.newsletter;
    },
    contactEdited: (state) => {
      state.contact = initialState.contact;
    },
  },
  extraReducers: (builder) => {
    track(builder, subscribeNewsletter, "newsletter");
    track(builder, sendContactMessage, "contact");
  },
});

export const { newsletterEdited, contactEdited } = mailingSlice.actions;

export const selectNewsletter = (state) => state.mailing.newsletter;
export const selectContact = (state) => state.mailing.contact;

export default mailingSlice.reducer;
