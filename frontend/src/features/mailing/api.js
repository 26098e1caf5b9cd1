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
  }),
});

export const { useSubscribeNewsletterMutation, useSendContactMessageMutation } = mailingApi;
