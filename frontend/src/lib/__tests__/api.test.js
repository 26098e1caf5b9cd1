import { api, ApiError, setTokenProvider } from "../api";

function answer(status, body) {
  return Promise.resolve({
    ok: status >= 200 && status < 300,
    status,
    json: () => (body === undefined ? Promise.reject(new Error("no body")) : Promise.resolve(body)),
  });
}

beforeEach(() => {
  global.fetch = jest.fn();
  document.cookie = "csrftoken=abc123";
  setTokenProvider(null);
});

test("reads JSON from /api", async () => {
  fetch.mockReturnValue(answer(200, [{ _id: 1 }]));
  await expect(api.get("/shoes?name=air")).resolves.toEqual([{ _id: 1 }]);
  expect(fetch).toHaveBeenCalledWith("/api/shoes?name=air", expect.objectContaining({ method: "GET" }));
  expect(fetch.mock.calls[0][1].headers["X-CSRFToken"]).toBeUndefined();
});

test("sends JSON with the CSRF token on writes", async () => {
  fetch.mockReturnValue(answer(201, { message: "ok" }));
  await api.post("/brands", { name: "Nike" });
  const [, init] = fetch.mock.calls[0];
  expect(init.headers["X-CSRFToken"]).toBe("abc123");
  expect(init.headers["Content-Type"]).toBe("application/json");
  expect(init.body).toBe('{"name":"Nike"}');
});

test("asks for the CSRF cookie once before the first write when the browser has none", async () => {
  document.cookie = "csrftoken=; max-age=0";
  fetch.mockImplementation((url) => {
    if (url === "/api/csrf") {
      document.cookie = "csrftoken=fresh456";
      return answer(204);
    }
    return answer(201, { message: "ok" });
  });
  await Promise.all([api.post("/auth/signup", {}), api.post("/auth/signin", {})]);
  const [first, ...writes] = fetch.mock.calls;
  expect(first[0]).toBe("/api/csrf");
  expect(writes.map(([url]) => url).sort()).toEqual(["/api/auth/signin", "/api/auth/signup"]);
  expect(writes.map(([, init]) => init.headers["X-CSRFToken"])).toEqual(["fresh456", "fresh456"]);
});

test("reads without asking for the CSRF cookie", async () => {
  document.cookie = "csrftoken=; max-age=0";
  fetch.mockReturnValue(answer(200, []));
  await api.get("/shoes");
  expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/shoes"]);
});

test("sends forms as multipart, leaving the boundary to the browser", async () => {
  fetch.mockReturnValue(answer(201, {}));
  const form = new FormData();
  form.append("name", "Air");
  await api.post("/shoes", form);
  const [, init] = fetch.mock.calls[0];
  expect(init.body).toBe(form);
  expect(init.headers["Content-Type"]).toBeUndefined();
});

test("adds the identity provider's token", async () => {
  setTokenProvider(async () => "token-1");
  fetch.mockReturnValue(answer(200, {}));
  await api.get("/users");
  expect(fetch.mock.calls[0][1].headers.Authorization).toBe("Bearer token-1");
});

test("turns a refusal into an ApiError with the server's message and code", async () => {
  fetch.mockReturnValue(answer(409, { detail: "The brand Nike still has 3 shoes", code: "brand_in_use" }));
  const error = await api.delete("/brands/1").catch((caught) => caught);
  expect(error).toBeInstanceOf(ApiError);
  expect(error.status).toBe(409);
  expect(error.code).toBe("brand_in_use");
  expect(error.message).toBe("The brand Nike still has 3 shoes");
});

test("keeps field errors", async () => {
  fetch.mockReturnValue(answer(400, { name: ["Enter a valid name"] }));
  const error = await api.post("/shoes", {}).catch((caught) => caught);
  expect(error.fields).toEqual({ name: ["Enter a valid name"] });
  expect(error.message).toBe("Enter a valid name");
});

test("answers 204 with null", async () => {
  fetch.mockReturnValue(answer(204));
  await expect(api.delete("/shoes/1")).resolves.toBeNull();
});
