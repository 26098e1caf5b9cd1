// Pointer events' handler properties (onpointerenter, ...), which browsers have and jsdom has not:
// Preact reads an element's "on<event>" property to know the event's name in lower case, and without
// it would listen for "PointerEnter".
const POINTER_EVENTS = ["down", "up", "move", "over", "out", "enter", "leave", "cancel"].map(
  (what) => `onpointer${what}`,
);

// jsdom without the Fetch API's classes, which React Router builds each navigation on. Node's own are
// lent to it, with Node's AbortController, whose signals Node's Request accepts (jsdom's it refuses).
const { TestEnvironment } = require("jest-environment-jsdom");

class JsdomWithFetchClasses extends TestEnvironment {
  constructor(...args) {
    super(...args);
    Object.assign(this.global, { Request, Response, Headers, AbortController, AbortSignal });
    const element = this.global.HTMLElement.prototype;
    for (const name of POINTER_EVENTS.filter((each) => !(each in element))) {
      Object.defineProperty(element, name, { value: null, writable: true, configurable: true });
    }
  }
}

module.exports = JsdomWithFetchClasses;
