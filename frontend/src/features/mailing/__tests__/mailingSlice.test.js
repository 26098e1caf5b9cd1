import { setupStore } from "../../../app/store";
import { installFakeApi } from "../../../testing/fakeApi";
import { contactEdited, newsletterEdited, sendContactMessage, subscribeNewsletter } from "../mailingSlice";

test("a newsletter signup posts the trimmed address and ends 'sent'", async () => {
  const calls = installFakeApi({ "POST /mail/newsletter": [201, { message: "Thanks for subscribing!" }] });
  const store = setupStore();
  const sending = store.dispatch(subscribeNewsletter("  ana@example.com "));
  expect(store.getState().mailing.newsletter.status).toBe("sending");
  await sending;
  expect(calls[0]).toMatchObject({ method: "POST", body: { email: "ana@example.com" } });
  expect(store.getState().mailing.newsletter).toEqual({ status: "sent", error: null });
});

test("a refused signup keeps the server's field message until the form is typed in again", async () => {
  installFakeApi({ "POST /mail/newsletter": [400, { email: ["Use a valid email"] }] });
  const store = setupStore();
  await store.dispatch(subscribeNewsletter("ana@example"));
  expect(store.getState().mailing.newsletter).toMatchObject({
    status: "failed",
    error: { status: 400, fields: { email: ["Use a valid email"] } },
  });
  store.dispatch(newsletterEdited());
  expect(store.getState().mailing.newsletter).toEqual({ status: "idle", error: null });
});

test("a contact message posts the form and ends 'sent'; a throttled one 'failed' with 429", async () => {
  const form = { name: "Jane", email: "jane@example.com", message: "Where is my order 1234?" };
  const calls = installFakeApi({ "POST /mail/contactUs": [201, { message: "Thanks, we got your message" }] });
  const store = setupStore();
  await store.dispatch(sendContactMessage(form));
  expect(calls[0].body).toEqual(form);
  expect(store.getState().mailing.contact.status).toBe("sent");

  installFakeApi({ "POST /mail/contactUs": [429, { detail: "Request was throttled.", code: "throttled" }] });
  await store.dispatch(sendContactMessage(form));
  expect(store.getState().mailing.contact).toMatchObject({ status: "failed", error: { status: 429 } });
  store.dispatch(contactEdited());
  expect(store.getState().mailing.contact.status).toBe("idle");
});
