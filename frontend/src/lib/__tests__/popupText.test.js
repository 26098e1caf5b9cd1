// Popups show a server's message as text: sweetalert2 itself (not a mock) draws them in jsdom, and markup in a
// message never becomes an element.
import { confirmPopup, errorPopup, escapeHtml, successPopup } from "../popup";

// The same sweetalert2 in its UMD build, which Jest loads without a transform (the shop bundles its ES module one).
jest.mock("sweetalert2/dist/sweetalert2.esm.js", () => jest.requireActual("sweetalert2/dist/sweetalert2.js"));

const ATTACK = '<img src=x onerror="window.attacked = true">Out of stock & "gone"';

beforeAll(() => {
  // jsdom has no matchMedia, which sweetalert2 asks about reduced motion.
  window.matchMedia ??= () => ({ matches: false, addEventListener() {}, removeEventListener() {} });
});

afterEach(async () => {
  const Swal = (await import("../sweetalert")).default;
  Swal.close();
  delete window.attacked;
});

function shown() {
  return {
    title: document.querySelector(".swal2-title")?.textContent,
    text: document.querySelector(".swal2-html-container")?.textContent,
    // sweetalert2's own template has an <img class="swal2-image">; any other would be the message's.
    images: document.querySelectorAll(".swal2-popup img:not(.swal2-image)").length,
  };
}

test("a server message in an error popup's title and text is shown as text", async () => {
  errorPopup(ATTACK, { text: ATTACK });
  await new Promise((resolve) => setTimeout(resolve, 0));

  expect(shown()).toEqual({ title: ATTACK, text: ATTACK, images: 0 });
  expect(window.attacked).toBeUndefined();
});

test("a success popup's title too", async () => {
  successPopup(`Saved ${ATTACK}`);
  await new Promise((resolve) => setTimeout(resolve, 0));

  expect(shown()).toMatchObject({ title: `Saved ${ATTACK}`, images: 0 });
});

test("a confirm popup's title and buttons are text", async () => {
  confirmPopup({
    title: ATTACK,
    text: "Sure?",
    confirmButtonText: "<b>Yes</b>",
    cancelButtonText: "No & back",
  });
  await new Promise((resolve) => setTimeout(resolve, 0));

  expect(shown()).toEqual({ title: ATTACK, text: "Sure?", images: 0 });
  expect(document.querySelector(".swal2-confirm").textContent).toBe("<b>Yes</b>");
  expect(document.querySelector(".swal2-cancel").textContent).toBe("No & back");
  expect(document.querySelector(".swal2-confirm b")).toBeNull();
});

test("escapeHtml leaves nothing a parser would read as markup", () => {
  expect(escapeHtml(`<a href='x'>&"`)).toBe("&lt;a href=&#39;x&#39;&gt;&amp;&quot;");
  expect(escapeHtml(undefined)).toBeUndefined();
  expect(escapeHtml(404)).toBe("404");
});
