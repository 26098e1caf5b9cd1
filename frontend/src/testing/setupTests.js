import "@testing-library/jest-dom";
import { TextDecoder, TextEncoder } from "util";

// jsdom lacks these: React Router needs the first two, its ScrollRestoration the last.
Object.assign(globalThis, { TextDecoder, TextEncoder });
window.scrollTo = () => {};

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
