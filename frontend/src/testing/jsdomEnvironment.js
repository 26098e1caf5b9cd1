// jsdom without the Fetch API's classes, which React Router builds each navigation on. Node's own are
// lent to it, with Node's AbortController, whose signals Node's Request accepts (jsdom's it refuses).
const { TestEnvironment } = require("jest-environment-jsdom");

class JsdomWithFetchClasses extends TestEnvironment {
  constructor(...args) {
    super(...args);
    Object.assign(this.global, { Request, Response, Headers, AbortController, AbortSignal });
  }
}

module.exports = JsdomWithFetchClasses;
