// The one client for the shop's API: JSON in and out, the CSRF header on writes, the identity
// provider's token when there is one, and failures as ApiError. RTK Query reaches the server through
// it (shopBaseQuery, for lib/shopApi.js); the identity providers call it directly.

import { secondFactorHandler, secondFactorStep } from "./secondFactor";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export class ApiError extends Error {
  constructor(status, body) {
    super(ApiError.messageOf(status, body));
    this.name = "ApiError";
    this.status = status;
    this.code = body?.code ?? null;
    // {field: [messages]} when the server refused some fields, else {}.
    this.fields = body && !("detail" in body) && typeof body === "object" ? body : {};
    this.body = body;
  }

  static messageOf(status, body) {
    if (body?.detail) return body.detail;
    const first = body && typeof body === "object" ? Object.values(body).flat()[0] : null;
    return typeof first === "string" ? first : `The server answered ${status}`;
  }
}

function cookie(name) {
  const prefix = `${name}=`;
  const found = document.cookie.split("; ").find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : "";
}

// The shell sets no cookie (so that HTTP caches may keep it): the first write asks the server for the CSRF
// cookie, once however many writes start together.
let csrfAsked = null;

async function csrfToken() {
  if (!cookie("csrftoken")) {
    csrfAsked ??= fetch("/api/csrf", { credentials: "same-origin" }).finally(() => {
      csrfAsked = null;
    });
    await csrfAsked;
  }
  return cookie("csrftoken");
}

let tokenProvider = null;

// Set by the identity provider that signs in with tokens (firebase); returns a token or null.
export function setTokenProvider(provider) {
  tokenProvider = provider;
}

// A call an admin's second factor stopped (lib/secondFactor.js) is sent once more after the step is done.
export async function request(method, path, { body, signal, retried = false } = {}) {
  const headers = { Accept: "application/json" };
  let payload;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  if (!SAFE_METHODS.has(method)) headers["X-CSRFToken"] = await csrfToken();
  const token = tokenProvider ? await tokenProvider() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`/api${path}`, {
    method,
    headers,
    body: payload,
    credentials: "same-origin",
    signal,
  });
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  const step = response.ok || retried ? null : secondFactorStep(response.status, data);
  const handler = secondFactorHandler();
  if (step && handler && (await handler(step, data))) {
    return request(method, path, { body, signal, retried: true });
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const api = {
  get: (path, options) => request("GET", path, options),
  post: (path, body, options) => request("POST", path, { ...options, body }),
  put: (path, body, options) => request("PUT", path, { ...options, body }),
  delete: (path, body, options) => request("DELETE", path, { ...options, body }),
};

// A refusal as the screens read it: {status, code, message, fields, body}. The whole body is kept, as
// some refusals carry more than a message (the cart lines a checkout refused). A request that got no
// answer at all (offline) has status 0.
export function refusalOf(error) {
  if (!(error instanceof ApiError)) {
    return { status: 0, code: null, message: error.message, fields: {}, body: null };
  }
  return {
    status: error.status,
    code: error.code,
    message: error.message,
    fields: error.fields,
    body: error.body,
  };
}

// RTK Query's base query: an endpoint's `query` gives a path, or {url, method, body}; the answer is
// {data}, or {error} with the refusal.
export async function shopBaseQuery(args, { signal }) {
  const { url, method = "GET", body } = typeof args === "string" ? { url: args } : args;
  try {
    return { data: await request(method, url, { body, signal }) };
  } catch (error) {
    return { error: refusalOf(error) };
  }
}
