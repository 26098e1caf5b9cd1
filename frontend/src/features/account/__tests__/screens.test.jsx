import { screen, waitFor } from "@testing-library/react";
import { errorPopup, successPopup } from "../../../lib/popup";
import { reloadAt } from "../../../lib/reload";
import { installFakeApi, page, userRecord } from "../../../testing/fakeApi";
import { screenReady, renderWithProviders } from "../../../testing/renderWithProviders";
import { setIdentity } from "../identity";
import { loadGoogleIdentityServices } from "../identity/googleIdentityServices";
import { createLocalIdentity } from "../identity/local";

jest.mock("../../../lib/popup");
jest.mock("../../../lib/reload");
jest.mock("../identity/googleIdentityServices");

beforeEach(() => {
  jest.clearAllMocks();
  setIdentity(createLocalIdentity());
  successPopup.mockResolvedValue({});
});
afterEach(() => setIdentity(null));

async function renderAt(path, { answers = {}, account = { user: null, status: "signedOut" }, state } = {}) {
  const calls = installFakeApi({
    "GET /brands": [],
    "GET /shoes": page([]),
    // My Orders on /account.
    [`GET /cart/${userRecord().idUser}`]: page([]),
    ...answers,
  });
  const view = renderWithProviders({ path, preloadedState: { account } });
  if (state) await view.router.navigate(path, { state, replace: true });
  await screenReady(view.store);
  return { ...view, calls };
}

async function fillCredentials(user, email, password) {
  await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
}

describe("/signin", () => {
  test("the right password says 'Welcome again!' and goes to the account", async () => {
    const { user, router, store } = await renderAt("/signin", {
      answers: { "POST /auth/signin": userRecord() },
    });
    await fillCredentials(user, "ana@example.com", "secret1");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
    expect(successPopup).toHaveBeenCalledWith("Welcome again!");
    expect(store.getState().account.status).toBe("signedIn");
  });

  test("a wrong password shows 'Wrong Password' and stays", async () => {
    const { user, router } = await renderAt("/signin", {
      answers: { "POST /auth/signin": [400, { detail: "Wrong Password", code: "auth/wrong-password" }] },
    });
    await fillCredentials(user, "ana@example.com", "nope12");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await waitFor(() => expect(errorPopup).toHaveBeenCalledWith("Wrong Password"));
    expect(router.state.location.pathname).toBe("/signin");
  });

  test("a shop without a Google client id shows no Google button", async () => {
    await renderAt("/signin");
    expect(screen.queryByRole("button", { name: /google/i })).toBeNull();
    expect(screen.queryByTestId("google-sign-in")).toBeNull();
    expect(loadGoogleIdentityServices).not.toHaveBeenCalled();
  });

  test("links to /forget and /createaccount", async () => {
    await renderAt("/signin");
    expect(screen.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forget");
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/createaccount");
  });
});

describe("/createaccount", () => {
  test("success welcomes to the shop and loads /account afresh", async () => {
    const { user, calls } = await renderAt("/createaccount", {
      answers: { "POST /auth/signup": [201, userRecord()] },
    });
    await fillCredentials(user, "ana@example.com", "secret1");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(reloadAt).toHaveBeenCalledWith("/account"));
    expect(successPopup).toHaveBeenCalledWith("Welcome to Sneaker Shop", { timer: 2000 });
    expect(calls.find((call) => call.path === "/auth/signup").body).toEqual({
      email: "ana@example.com",
      password: "secret1",
    });
  });

  test.each([
    ["auth/email-already-in-use", "Email already in use"],
    ["auth/weak-password", "The Password should be at least 6 characters"],
    ["auth/internal-error", "Fill the password"],
    ["auth/invalid-email", "Use a valid email"],
  ])("%s shows '%s'", async (code, message) => {
    const { user } = await renderAt("/createaccount", {
      answers: { "POST /auth/signup": [400, { detail: "refused", code }] },
    });
    await fillCredentials(user, "ana@example.com", "x");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(errorPopup).toHaveBeenCalledWith(message));
    expect(reloadAt).not.toHaveBeenCalled();
  });
});

describe("/forget", () => {
  test("'Email send', then the account page", async () => {
    const { user, router, calls } = await renderAt("/forget", {
      answers: { "POST /auth/password-reset": { message: "Email send" } },
    });
    expect(screen.getByLabelText("Email")).toHaveAttribute("type", "email");
    await user.type(screen.getByLabelText("Email"), "ana@example.com");
    await user.click(screen.getByRole("button", { name: "Send Email" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
    expect(successPopup).toHaveBeenCalledWith("Email send", { timer: 2000 });
    expect(calls.find((call) => call.path === "/auth/password-reset").body).toEqual({
      email: "ana@example.com",
    });
  });

  test("'User not found' for an unknown address", async () => {
    const { user } = await renderAt("/forget", {
      answers: {
        "POST /auth/password-reset": [400, { detail: "User not found", code: "auth/user-not-found" }],
      },
    });
    await user.type(screen.getByLabelText("Email"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Send Email" }));
    await waitFor(() => expect(errorPopup).toHaveBeenCalledWith("User not found", { timer: 2000 }));
  });

  test("other failures are silent", async () => {
    const { user, router } = await renderAt("/forget", {
      answers: { "POST /auth/password-reset": [503, { detail: "Mail down", code: "mail_unavailable" }] },
    });
    await user.type(screen.getByLabelText("Email"), "ana@example.com");
    await user.click(screen.getByRole("button", { name: "Send Email" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Send Email" })).toBeEnabled());
    expect(errorPopup).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/forget");
  });
});

describe("/reset-password", () => {
  test("sends the link's uid and token with the new password, then goes to sign in", async () => {
    const { user, router, calls } = await renderAt("/reset-password?uid=abc&token=t-1", {
      answers: { "POST /auth/password-reset/confirm": { message: "Password Updated" } },
    });
    await user.type(screen.getByLabelText("New password"), "brand new");
    await user.click(screen.getByRole("button", { name: "Set password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/signin"));
    expect(successPopup).toHaveBeenCalledWith("Password Updated");
    expect(calls.at(-1).body).toEqual({ uid: "abc", token: "t-1", password: "brand new" });
  });
});

describe("/account", () => {
  const signedIn = (overrides) => ({ user: userRecord(overrides), status: "signedIn" });

  test("shows the placeholder avatar, the name, the read-only email and the way out", async () => {
    await renderAt("/account", { account: signedIn({ displayName: "Ana" }) });
    expect(screen.getByRole("img", { name: "No profile image yet" })).toBeInTheDocument();
    expect(screen.getByText("Ana")).toBeInTheDocument();
    expect(screen.getByDisplayValue("ana@example.com")).toHaveAttribute("readonly");
    expect(screen.getByRole("link", { name: "Favorites" })).toHaveAttribute("href", "/favorites");
    expect(screen.getByRole("link", { name: "Back Home" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("heading", { name: "MY ORDERS" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Admin" })).not.toBeInTheDocument();
  });

  test("administrators get the Admin button", async () => {
    await renderAt("/account", { account: signedIn({ isAdmin: true }) });
    expect(screen.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
  });

  test("changing the name says 'Name Updated'", async () => {
    const { user, calls } = await renderAt("/account", {
      account: signedIn(),
      answers: { "PUT /auth/profile": userRecord({ displayName: "Ana Runner" }) },
    });
    await user.type(screen.getByLabelText("Display name"), "Ana Runner");
    await user.click(screen.getByRole("button", { name: "Change name" }));
    await waitFor(() => expect(successPopup).toHaveBeenCalledWith("Name Updated"));
    expect(calls.at(-1).body).toEqual({ displayName: "Ana Runner" });
    expect(await screen.findByText("Ana Runner")).toBeInTheDocument();
  });

  test("uploading an image says 'Image Upload' and shows it", async () => {
    const { user } = await renderAt("/account", {
      account: signedIn(),
      answers: { "POST /auth/avatar": userRecord({ avatar: "/media/avatars/u/a.webp" }) },
    });
    await user.upload(
      screen.getByLabelText("Profile image"),
      new File(["x"], "me.png", { type: "image/png" }),
    );
    await user.click(screen.getByRole("button", { name: "Upload image" }));
    await waitFor(() => expect(successPopup).toHaveBeenCalledWith("Image Upload"));
    expect(await screen.findByRole("img", { name: "Your profile image" })).toHaveAttribute(
      "src",
      "/media/avatars/u/a.webp",
    );
  });

  test("an image past the upload limit shows the server's message", async () => {
    const { user } = await renderAt("/account", {
      account: signedIn(),
      answers: {
        "POST /auth/avatar": [413, { detail: "The image must be at most 5 MB.", code: "too_large" }],
      },
    });
    await user.upload(
      screen.getByLabelText("Profile image"),
      new File(["x"], "me.png", { type: "image/png" }),
    );
    await user.click(screen.getByRole("button", { name: "Upload image" }));
    await waitFor(() => expect(errorPopup).toHaveBeenCalledWith("The image must be at most 5 MB."));
  });

  test("changing the password says 'Password Updated'; a wrong current one, 'Wrong Password'", async () => {
    const { user } = await renderAt("/account", {
      account: signedIn(),
      answers: {
        "POST /auth/password": ({ body }) =>
          body.currentPassword === "secret1"
            ? { message: "Password Updated" }
            : [400, { detail: "Wrong Password", code: "auth/wrong-password" }],
      },
    });
    await user.type(screen.getByLabelText("Current password"), "oops");
    await user.type(screen.getByLabelText("New password"), "brand new");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(errorPopup).toHaveBeenCalledWith("Wrong Password"));

    await user.clear(screen.getByLabelText("Current password"));
    await user.type(screen.getByLabelText("Current password"), "secret1");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(successPopup).toHaveBeenCalledWith("Password Updated"));
    expect(screen.getByLabelText("New password")).toHaveValue("");
  });

  test("Logout says 'See you later!' and goes home", async () => {
    const { user, router, store } = await renderAt("/account", {
      account: signedIn(),
      answers: { "POST /auth/signout": [204] },
    });
    await user.click(screen.getByRole("button", { name: "Logout" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(successPopup).toHaveBeenCalledWith("See you later!");
    expect(store.getState().account.status).toBe("signedOut");
  });

  test.each(["Disabled", "Eliminated"])(
    "a %s account is warned, sent home and signed out",
    async (status) => {
      const { router, store, calls } = await renderAt("/account", {
        account: signedIn({ status }),
        answers: { "POST /auth/signout": [204] },
      });
      await waitFor(() => expect(store.getState().account.status).toBe("signedOut"));
      expect(errorPopup).toHaveBeenCalledWith("Your account is Disabled or Eliminated");
      expect(router.state.location.pathname).toBe("/");
      expect(calls.some((call) => call.path === "/auth/signout")).toBe(true);
    },
  );
});
