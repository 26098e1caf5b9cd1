import { shopApi } from "../../lib/shopApi";

// The footer's newsletter signup and the contact form: mail the shop stores, then sends.
export const mailingApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    subscribeNewsletter: build.mutation({
      query: (email) => ({ url: "/mail/newsletter", method: "POST", body: { email: email.trim() } }),
    }),
    sendContactMessage: build.mutation({
      query: (form) => ({ url: "/mail/contactUs", method: "POST", body: form }),
    }),
    // The link of the newsletter's confirmation mail, from the /newsletter/confirm screen's button.
    confirmNewsletter: build.mutation({
      query: (token) => ({ url: `/mail/newsletter/confirm/${encodeURIComponent(token)}`, method: "POST" }),
    }),
    // The one click of the newsletter's mails, from the /unsubscribe screen (a mail client posts it by itself).
    unsubscribeNewsletter: build.mutation({
      query: (token) => ({ url: `/mail/unsubscribe/${encodeURIComponent(token)}`, method: "POST" }),
    }),
  }),
});

export const {
  useSubscribeNewsletterMutation,
  useSendContactMessageMutation,
  useUnsubscribeNewsletterMutation,
  useConfirmNewsletterMutation,
} = mailingApi;
