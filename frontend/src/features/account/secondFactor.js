import { api } from "../../lib/api";
import { codePopup, errorPopup } from "../../lib/popup";
import { codeShape, setSecondFactorHandler } from "../../lib/secondFactor";
import { CODE_SHAPE, ENROL_FIRST_TITLE, STEP_UP_TITLE } from "./messages";

// The second factor's calls (/api/auth/otp, accounts/second_factor_views.py).
export const secondFactorApi = {
  status: () => api.get("/auth/otp"),
  enrol: () => api.post("/auth/otp/enrol"),
  confirm: (code) => api.post("/auth/otp/enrol/confirm", { code }),
  verify: (code) => api.post("/auth/otp/verify", { code }),
  disable: (code, password) => api.post("/auth/otp/disable", { code, password }),
};

// A code checked for its shape here, then by the server.
export async function codeVerify(typed) {
  const { code, valid } = codeShape(typed);
  if (!valid) throw new Error(CODE_SHAPE);
  return secondFactorApi.verify(code);
}

// What an admin call refused for the second factor does (lib/api.js sends it again after a right code): ask for
// a code, or send the admin to /account's "Two-factor authentication" to set the app up.
// The dashboard asks for several things at once: the calls refused together wait on one popup.
export function installSecondFactorHandler(navigate) {
  let pending = null;
  const step = async (kind, body) => {
    if (kind === "enrol") {
      errorPopup(ENROL_FIRST_TITLE, { text: body?.detail });
      navigate("/account#two-factor");
      return false;
    }
    return codePopup({ title: STEP_UP_TITLE, text: body?.detail, verify: codeVerify });
  };
  setSecondFactorHandler((kind, body) => {
    pending ??= step(kind, body).finally(() => {
      pending = null;
    });
    return pending;
  });
  return () => setSecondFactorHandler(null);
}
