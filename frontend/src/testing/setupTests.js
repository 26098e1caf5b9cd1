import "@testing-library/jest-dom";
import { configure } from "@testing-library/react";
import { TextDecoder, TextEncoder } from "util";

// A screen shows an answer a few steps after it comes (its chunk loads, the store tells React on the
// next frame); on a busy machine running every suite at once that can pass the default second.
configure({ asyncUtilTimeout: 3000 });

// jsdom lacks these: React Router needs the first two, the layout's scroll to the top the last.
Object.assign(globalThis, { TextDecoder, TextEncoder });
window.scrollTo = () => {};

// A browser that has written once has the CSRF cookie; lib/api.js's own tests show how it asks for one first.
beforeEach(() => {
  document.cookie = "csrftoken=test-csrf-token";
});

// A React warning (act, keys, a bad prop) or an error logged by a component is a bug: it fails the
// test that caused it.
let consoleError;
beforeEach(() => {
  consoleError = jest.spyOn(console, "error");
});
afterEach(() => {
  const logged = consoleError.mock.calls.map((call) => call.map(String).join(" "));
  consoleError.mockRestore();
  if (logged.length) throw new Error(`console.error was called:\n${logged.join("\n")}`);
});
