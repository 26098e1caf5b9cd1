// The second factor as the API client meets it (accounts/second_factor.py): an admin call refused with one of
// these codes is a step to take, not a failure. "code": ask for a code from the authenticator app, then send the
// call again; "enrol": send the admin to /account to set the app up.
export const STEP_UP_REQUIRED = "otp_step_up_required";
export const VERIFICATION_REQUIRED = "otp_verification_required";
export const ENROLMENT_REQUIRED = "otp_enrolment_required";

export function secondFactorStep(status, body) {
  if (status !== 403) return null;
  const code = body?.code;
  if (code === STEP_UP_REQUIRED || code === VERIFICATION_REQUIRED) return "code";
  if (code === ENROLMENT_REQUIRED) return "enrol";
  return null;
}

// A code as typed: spaces and dashes dropped. Valid when it is the app's 6 digits or a recovery code (8 letters
// and digits of base32, any case); the server has the last word.
export function codeShape(typed) {
  const code = String(typed ?? "").replace(/[\s-]/g, "");
  return { code, valid: /^\d{6}$/.test(code) || /^[a-z2-7]{8}$/i.test(code) };
}

let handler = null;

// Set once by the app (features/account's SecondFactorPrompt): handler(step, body) resolves true when the
// step is done (a right code entered) and the call may be sent again.
export function setSecondFactorHandler(next) {
  handler = next;
}

export function secondFactorHandler() {
  return handler;
}
