import { screen, waitFor } from "@testing-library/react";
import { confirmPopup, errorPopup, successPopup } from "../../../lib/popup";
import { installFakeApi, page, userRecord } from "../../../testing/fakeApi";
import { renderWithProviders, screenReady, storeNotified } from "../../../testing/renderWithProviders";
import { setIdentity } from "../identity";
import { createLocalIdentity } from "../identity/local";

jest.mock("../../../lib/popup");

const DATA = { format: "sneaker-shop-user-data/1", profile: { email: "ana@example.com" }, orders: [] };

let saved;

beforeEach(() => {
  jest.clearAllMocks();
  setIdentity(createLocalIdentity());
  successPopup.mockResolvedValue({});
  confirmPopup.mockResolvedValue(true);
  saved = [];
  // The browser's side of a download: the blob made into a URL, and the link clicked.
  global.URL.createObjectURL = jest.fn((blob) => {
    saved.push(blob);
    return "blob:data";
  });
  global.URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function click() {
    saved.push(this.download);
  });
});
afterEach(() => {
  setIdentity(null);
  jest.restoreAllMocks();
});

// jsdom's Blob has no text(): FileReader reads it.
function textOf(blob) {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result);
    reader.readAsText(blob);
  });
}

async function renderAccount({ answers = {}, enrolled = false } = {}) {
  const calls = installFakeApi({
    "GET /brands": [],
    "GET /shoes": page([]),
    [`GET /cart/${userRecord().idUser}`]: page([]),
    "GET /auth/otp": { enrolled, verified: false, required: false, recoveryCodesLeft: enrolled ? 10 : 0 },
    "POST /auth/signout": [204, undefined],
    ...answers,
  });
  const view = renderWithProviders({
    path: "/account",
    preloadedState: { account: { user: userRecord(), status: "signedIn" } },
  });
  await screenReady(view.store);
  return { ...view, calls };
}

test("'Download my data' saves the server's JSON as a file of the day", async () => {
  const { user, calls } = await renderAccount({ answers: { "GET /account/data": DATA } });

  await user.click(screen.getByRole("button", { name: "Download my data" }));

  await waitFor(() => expect(saved).toHaveLength(2));
  // Before awaiting anything else (the FileReader below): the call's last notice reaches the screen inside act.
  await storeNotified();
  expect(calls.some((call) => call.method === "GET" && call.path === "/account/data")).toBe(true);
  expect(JSON.parse(await textOf(saved[0]))).toEqual(DATA);
  expect(saved[1]).toMatch(/^sneaker-shop-data-\d{4}-\d{2}-\d{2}\.json$/);
});

test("'Delete my account' asks first, sends the password, signs out and goes home", async () => {
  const { user, calls, router, store } = await renderAccount({
    answers: { "POST /account/delete": [204, undefined] },
  });
  expect(screen.queryByLabelText("Two-factor code")).toBeNull();

  await user.type(screen.getByLabelText("Password to confirm"), "secret1");
  await user.click(screen.getByRole("button", { name: "Delete my account" }));

  await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  expect(confirmPopup).toHaveBeenCalledWith(
    expect.objectContaining({ title: "Are you sure?", text: "You won't be able to revert this!" }),
  );
  expect(calls.find((call) => call.path === "/account/delete").body).toEqual({ password: "secret1" });
  expect(calls.some((call) => call.path === "/auth/signout")).toBe(true);
  expect(successPopup).toHaveBeenCalledWith("Your account is deleted");
  expect(store.getState().account.status).toBe("signedOut");
});

test("cancelling the question sends nothing", async () => {
  confirmPopup.mockResolvedValue(false);
  const { user, calls } = await renderAccount();

  await user.type(screen.getByLabelText("Password to confirm"), "secret1");
  await user.click(screen.getByRole("button", { name: "Delete my account" }));

  await waitFor(() => expect(confirmPopup).toHaveBeenCalled());
  expect(calls.some((call) => call.path === "/account/delete")).toBe(false);
});

test("a wrong password shows under the field and the account stays", async () => {
  const { user, router, store } = await renderAccount({
    answers: { "POST /account/delete": [400, { password: ["Wrong Password"] }] },
  });

  await user.type(screen.getByLabelText("Password to confirm"), "nope12");
  await user.click(screen.getByRole("button", { name: "Delete my account" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("Wrong Password");
  expect(router.state.location.pathname).toBe("/account");
  expect(store.getState().account.status).toBe("signedIn");
});

test("a refusal of the whole request shows its reason", async () => {
  const reason = "A return of yours is still being decided: you can delete your account once it is done.";
  const { user } = await renderAccount({
    answers: { "POST /account/delete": [409, { detail: reason, code: "return_in_progress" }] },
  });

  await user.type(screen.getByLabelText("Password to confirm"), "secret1");
  await user.click(screen.getByRole("button", { name: "Delete my account" }));

  await waitFor(() => expect(errorPopup).toHaveBeenCalledWith(reason));
});

test("an account with an authenticator app sends its code too", async () => {
  const { user, calls, router } = await renderAccount({
    enrolled: true,
    answers: { "POST /account/delete": [204, undefined] },
  });

  await user.type(screen.getByLabelText("Password to confirm"), "secret1");
  await user.type(await screen.findByLabelText("Two-factor code"), "123456");
  await user.click(screen.getByRole("button", { name: "Delete my account" }));

  await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  expect(calls.find((call) => call.path === "/account/delete").body).toEqual({
    password: "secret1",
    code: "123456",
  });
});
