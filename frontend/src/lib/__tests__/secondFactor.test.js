import { api, ApiError } from "../api";
import { codeShape, secondFactorStep, setSecondFactorHandler } from "../secondFactor";

function answer(status, body) {
  return Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });
}

const STEP_UP = {
  detail: "Confirm it is you: enter a code from your authenticator app.",
  code: "otp_step_up_required",
};

beforeEach(() => {
  global.fetch = jest.fn();
  setSecondFactorHandler(null);
});

describe("secondFactorStep", () => {
  test("asks for a code on a step-up or an unverified session", () => {
    expect(secondFactorStep(403, STEP_UP)).toBe("code");
    expect(secondFactorStep(403, { code: "otp_verification_required" })).toBe("code");
  });

  test("sends an admin without an app to enrol", () => {
    expect(secondFactorStep(403, { code: "otp_enrolment_required" })).toBe("enrol");
  });

  test("leaves every other refusal alone", () => {
    expect(secondFactorStep(403, { code: "permission_denied" })).toBeNull();
    expect(secondFactorStep(400, { code: "otp_step_up_required" })).toBeNull();
    expect(secondFactorStep(403, null)).toBeNull();
  });
});

describe("codeShape", () => {
  test.each([
    ["123 456", "123456", true],
    ["abcd-efgh", "abcdefgh", true],
    ["ABCD2345", "ABCD2345", true],
    ["12345", "12345", false],
    ["1234567", "1234567", false],
    ["abcdefg1", "abcdefg1", false],
    ["", "", false],
    [undefined, "", false],
  ])("%p is %p, valid: %p", (typed, code, valid) => {
    expect(codeShape(typed)).toEqual({ code, valid });
  });
});

describe("the API client", () => {
  test("sends a call again once the handler says the code was entered", async () => {
    fetch.mockReturnValueOnce(answer(403, STEP_UP)).mockReturnValueOnce(answer(200, { refunded: true }));
    const handler = jest.fn().mockResolvedValue(true);
    setSecondFactorHandler(handler);

    await expect(api.post("/cart/order/pi_1/refund", { lines: [] })).resolves.toEqual({ refunded: true });

    expect(handler).toHaveBeenCalledWith("code", STEP_UP);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1][1].body).toBe('{"lines":[]}');
  });

  test("keeps the refusal when the code was not entered", async () => {
    fetch.mockReturnValue(answer(403, STEP_UP));
    setSecondFactorHandler(jest.fn().mockResolvedValue(false));

    const refusal = api.post("/cart/order/pi_1/refund");

    await expect(refusal).rejects.toBeInstanceOf(ApiError);
    await expect(refusal).rejects.toMatchObject({ status: 403, code: "otp_step_up_required" });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  test("asks once per call: a second refusal after the code is the answer", async () => {
    fetch.mockReturnValue(answer(403, STEP_UP));
    const handler = jest.fn().mockResolvedValue(true);
    setSecondFactorHandler(handler);

    await expect(api.post("/users/3", { manager: true })).rejects.toMatchObject({
      code: "otp_step_up_required",
    });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
