import { setupStore } from "../../../app/store";
import { installFakeApi } from "../../../testing/fakeApi";
import { mailingApi } from "../api";

const { subscribeNewsletter, sendContactMessage } = mailingApi.endpoints;

test("a newsletter signup posts the trimmed address", async () => {
  const calls = installFakeApi({ "POST /mail/newsletter": [201, { message: "Thanks for subscribing!" }] });
  const { data } = await setupStore().dispatch(subscribeNewsletter.initiate("  ana@example.com "));
  expect(calls[0]).toMatchObject({ method: "POST", body: { email: "ana@example.com" } });
  expect(data.message).toBe("Thanks for subscribing!");
});

test("a refused signup carries the server's field message", async () => {
  installFakeApi({ "POST /mail/newsletter": [400, { email: ["Use a valid email"] }] });
  const { error } = await setupStore().dispatch(subscribeNewsletter.initiate("ana@example"));
  expect(error).toMatchObject({ status: 400, fields: { email: ["Use a valid email"] } });
});

test("a contact message posts the form; a throttled one is refused with 429", async () => {
  const form = { name: "Jane", email: "jane@example.com", message: "Where is my order 1234?" };
  const calls = installFakeApi({ "POST /mail/contactUs": [201, { message: "Thanks, we got your message" }] });
  const store = setupStore();
  expect((await store.dispatch(sendContactMessage.initiate(form))).error).toBeUndefined();
  expect(calls[0].body).toEqual(form);

  installFakeApi({ "POST /mail/contactUs": [429, { detail: "Request was throttled.", code: "throttled" }] });
  const { error } = await store.dispatch(sendContactMessage.initiate(form));
  expect(error).toMatchObject({ status: 429 });
});
