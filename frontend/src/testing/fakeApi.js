// A stand-in for the shop's server at the edge of the network: fetch answers from a table of
// "METHOD /path?query" keys (the query may be left out to match any), and every call is recorded.

export function jsonResponse(status, body) {
  return {
    ok: status >= 200 && status < 300,
    status,
    json: () => (body === undefined ? Promise.reject(new Error("no body")) : Promise.resolve(body)),
  };
}

// answers: {"GET /shoes/7": body, "POST /mail/newsletter": [status, body], ...}; a function value
// is called with the request and returns either form.
export function installFakeApi(answers) {
  const calls = [];
  globalThis.fetch = jest.fn((url, init = {}) => {
    const method = init.method ?? "GET";
    const path = url.replace(/^\/api/, "");
    const request = {
      method,
      path,
      // JSON as the client sends it; a FormData (a multipart upload) as it is.
      body: typeof init.body === "string" ? JSON.parse(init.body) : init.body,
      signal: init.signal,
    };
    calls.push(request);
    const key = [`${method} ${path}`, `${method} ${path.split("?")[0]}`].find(
      (candidate) => candidate in answers,
    );
    if (!key) return Promise.resolve(jsonResponse(404, { detail: "Not found.", code: "not_found" }));
    let answer = answers[key];
    if (typeof answer === "function") answer = answer(request);
    const [status, body] = Array.isArray(answer) && typeof answer[0] === "number" ? answer : [200, answer];
    return Promise.resolve(jsonResponse(status, body));
  });
  return calls;
}

// A page of a list call, as the server answers it with ?limit=.
export function page(results, count = results.length) {
  return { count, next: null, previous: null, results };
}

let nextId = 1;

// A shoe as GET /shoes answers it.
export function shoeFixture(overrides = {}) {
  const id = overrides._id ?? nextId++;
  return {
    _id: id,
    name: `Runner ${id}`,
    brand: "Nike",
    image: `/media/shoes/${id}.webp`,
    description: "Light running shoe",
    color: "Black",
    price: 99.99,
    salePrice: null,
    onSale: false,
    stock: [
      { _id: id * 100 + 1, size: "9", quantity: 3 },
      { _id: id * 100 + 2, size: "9.5", quantity: 0 },
    ],
    ...overrides,
  };
}

// fetch answers the test releases one by one, to play a slow request against a fast one:
// `pending[i].answer(status, body)` answers the i-th call.
export function installDeferredFetch() {
  const pending = [];
  globalThis.fetch = jest.fn(
    (url) =>
      new Promise((resolve) => {
        pending.push({ url, answer: (status, body) => resolve(jsonResponse(status, body)) });
      }),
  );
  return pending;
}

// Lets the promises already settled run their callbacks (fetch called, reducers run).
export const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

// A user as the server records them (POST /users, sign-in and sign-up answers).
export function userRecord(overrides = {}) {
  return {
    _id: 1,
    email: "ana@example.com",
    idUser: "u".repeat(28),
    createdAt: "2026-11-01T10:00:00Z",
    status: "Enabled",
    manager: false,
    isAdmin: false,
    displayName: "",
    avatar: null,
    emailVerified: false,
    ...overrides,
  };
}

// A favorite as GET /favorites/{uid} answers it: the favorite and its shoe.
export function favoriteFixture(shoe = shoeFixture(), overrides = {}) {
  return { _id: nextId++, shoeId: shoe._id, shoe, ...overrides };
}

// A review as GET /reviews/{shoeId} answers it; `own` only for the caller's.
export function reviewFixture(overrides = {}) {
  const id = overrides._id ?? nextId++;
  return {
    _id: id,
    review: `Great fit, review ${id}`,
    rating: 4,
    date: "2026-11-22T10:31:07Z",
    own: false,
    ...overrides,
  };
}
