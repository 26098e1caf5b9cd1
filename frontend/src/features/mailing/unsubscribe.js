import { api } from "../../app/api";
import { apiThunk } from "../../app/apiThunk";

// POST /mail/unsubscribe/{token}: the one click of the newsletter's mails, sent from the /unsubscribe screen (a mail
// client posts it by itself). Its answer is the screen's own state: nothing else in the app reads it.
export const unsubscribeNewsletter = apiThunk("mailing/unsubscribeSent", (token, options) =>
  api.post(`/mail/unsubscribe/${encodeURIComponent(token)}`, undefined, options),
);
