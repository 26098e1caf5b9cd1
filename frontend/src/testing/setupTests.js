import "@testing-library/jest-dom";
import { TextDecoder, TextEncoder } from "util";

// jsdom lacks these and React Router needs them.
Object.assign(globalThis, { TextDecoder, TextEncoder });
