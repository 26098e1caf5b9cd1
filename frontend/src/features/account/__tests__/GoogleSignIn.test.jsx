import { act, screen, waitFor } from "@testing-library/react";
import { errorPopup, successPopup } from "../../../lib/popup";
import { installFakeApi, userRecord } from "../../../testing/fakeApi";
import { renderWithProviders } from "../../../testing/renderWithProviders";
import { setIdentity } from "../identity";
import { loadGoogleIdentityServices } from "../identity/googleIdentityServices";
import { createLocalIdentity } from "../identity/local";
import SignIn from "../SignIn";

jest.mock("../../../lib/popup");
jest.mock("../identity/googleIdentityServices");

const CLIENT_ID = "1234-shop.apps.googleusercontent.com";
const signedOut = { account: { user: null, status: "signedOut" } };

// Google Identity Services as the sign-in page uses it: initialize() keeps the callback Google calls with
// the chosen account's ID token, renderButton() draws Google's button in the box it is given.
function fakeGoogle() {
  const googleId = {
    initialize: jest.fn((options) => {
      googleId.options = options;
    }),
    renderButton: jest.fn((box) => {
      box.textContent = "Google's button";
    }),
    choose: (credential) => {
      googleId.options.callback({ credential });
    },
  };
  return googleId;
}

function renderSignIn(settings, answers = {}) {
  const calls = installFakeApi({ "GET /brands": [], ...answers });
  const view = renderWithProviders({
    path: "/signin",
    route: "/signin",
    element: <SignIn settings={{ identityProvider: "local", googleClientId: "", ...settings }} />,
    preloadedState: signedOut,
  });
  return { ...view, calls };
}

beforeEach(() => {
  jest.clearAllMocks();
  setIdentity(createLocalIdentity());
  successPopup.mockResolvedValue({});
});
afterEach(() => setIdentity(null));

test("without a Google client id the page offers no Google sign-in at all", () => {
  renderSignIn({ googleClientId: "" });

  expect(screen.queryByRole("button", { name: /google/i })).toBeNull();
  expect(screen.queryByTestId("google-sign-in")).toBeNull();
  expect(loadGoogleIdentityServices).not.toHaveBeenCalled();
});

test("with one, Google's own button is drawn for the shop's client id", async () => {
  const googleId = fakeGoogle();
  loadGoogleIdentityServices.mockResolvedValue(googleId);

  renderSignIn({ googleClientId: CLIENT_ID });

  await waitFor(() => expect(screen.getByTestId("google-sign-in")).toHaveTextContent("Google's button"));
  expect(googleId.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: CLIENT_ID }));
  expect(googleId.renderButton).toHaveBeenCalledWith(
    screen.getByTestId("google-sign-in"),
    expect.objectContaining({ text: "signin_with" }),
  );
});

test("Google's token is posted to the shop, which signs the shopper in: 'Welcome Google User!'", async () => {
  const googleId = fakeGoogle();
  loadGoogleIdentityServices.mockResolvedValue(googleId);
  const { calls, store } = renderSignIn(
    { googleClientId: CLIENT_ID },
    { "POST /auth/google": [201, userRecord()] },
  );
  await waitFor(() => expect(googleId.renderButton).toHaveBeenCalled());

  // Google calls the page back from outside React, as a click on its button in its own frame would.
  await act(async () => googleId.choose("google-id-token"));

  await waitFor(() => expect(successPopup).toHaveBeenCalledWith("Welcome Google User!"));
  expect(calls.at(-1)).toMatchObject({
    method: "POST",
    path: "/auth/google",
    body: { credential: "google-id-token" },
  });
  expect(store.getState().account.status).toBe("signedIn");
  expect(await screen.findByText("Elsewhere")).toBeInTheDocument();
});

test("a refusal by the shop is shown and the shopper stays signed out", async () => {
  const googleId = fakeGoogle();
  loadGoogleIdentityServices.mockResolvedValue(googleId);
  const { store } = renderSignIn(
    { googleClientId: CLIENT_ID },
    {
      "POST /auth/google": [
        403,
        { detail: "Your account is Disabled or Eliminated", code: "account_disabled" },
      ],
    },
  );
  await waitFor(() => expect(googleId.renderButton).toHaveBeenCalled());

  await act(async () => googleId.choose("google-id-token"));

  await waitFor(() => expect(errorPopup).toHaveBeenCalledWith("Your account is Disabled or Eliminated"));
  expect(successPopup).not.toHaveBeenCalled();
  expect(store.getState().account.status).toBe("signedOut");
});

test("Google's script out of reach says so", async () => {
  loadGoogleIdentityServices.mockRejectedValue(new Error("blocked"));

  renderSignIn({ googleClientId: CLIENT_ID });

  await waitFor(() =>
    expect(errorPopup).toHaveBeenCalledWith(
      "Google sign-in is unavailable right now. Please try again later.",
    ),
  );
});

test("a shop on Firebase keeps Firebase's own Google button", () => {
  renderSignIn({ identityProvider: "firebase", googleClientId: "" });

  expect(screen.getByRole("button", { name: "Sign in with Google" })).toBeEnabled();
  expect(loadGoogleIdentityServices).not.toHaveBeenCalled();
});
