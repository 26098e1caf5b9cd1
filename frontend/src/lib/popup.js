// The shop's popups (sweetalert2): no confirm button, closed after the spec's durations (docs/PRODUCT.md §9).
// sweetalert2 loads on the first popup, so pages that show none never download it. Its plain build and
// stylesheet, not the default one, which writes its styles into an inline <style> the shop's
// Content-Security-Policy refuses.

export const DURATION = Object.freeze({ error: 3000, success: 2000, payment: 5000 });

// sweetalert2 parses its title and button captions as HTML (only `text` is set as text): every caption the shop
// gives it, a server's message included, is escaped first, so markup in it is shown, never run.
const ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value) {
  return value == null ? value : String(value).replace(/[&<>"']/g, (character) => ENTITIES[character]);
}

let loading = null;

function sweetalert() {
  loading ??= import(/* webpackChunkName: "popup" */ "./sweetalert").then((module) => module.default);
  return loading;
}

export async function showPopup({ icon, title, text, timer }) {
  const Swal = await sweetalert();
  return Swal.fire({
    icon,
    title: escapeHtml(title),
    text,
    timer,
    showConfirmButton: false,
    timerProgressBar: true,
  });
}

export function errorPopup(title, { text, timer = DURATION.error } = {}) {
  return showPopup({ icon: "error", title, text, timer });
}

export function successPopup(title, { text, timer = DURATION.success } = {}) {
  return showPopup({ icon: "success", title, text, timer });
}

// A question with two buttons; true when the shopper pressed the confirm one.
export async function confirmPopup({ icon = "question", title, text, confirmButtonText, cancelButtonText }) {
  const Swal = await sweetalert();
  const answer = await Swal.fire({
    icon,
    title: escapeHtml(title),
    text,
    showCancelButton: true,
    confirmButtonText: escapeHtml(confirmButtonText),
    cancelButtonText: escapeHtml(cancelButtonText),
    allowOutsideClick: false,
  });
  return Boolean(answer.isConfirmed);
}

// Asks for a second-factor code (docs/PRODUCT.md §2): `verify(code)` checks it with the server; a refusal's
// message stays in the popup for another try. True once a code was accepted, false when cancelled.
export async function codePopup({ title, text, verify }) {
  const Swal = await sweetalert();
  const answer = await Swal.fire({
    icon: "question",
    title,
    text,
    input: "text",
    inputLabel: "Code",
    inputAttributes: { autocomplete: "one-time-code", autocapitalize: "off", spellcheck: "false" },
    showCancelButton: true,
    confirmButtonText: "Confirm",
    cancelButtonText: "Cancel",
    allowOutsideClick: false,
    showLoaderOnConfirm: true,
    preConfirm: async (code) => {
      try {
        await verify(code);
        return true;
      } catch (error) {
        Swal.showValidationMessage(error.message);
        return false;
      }
    },
  });
  return Boolean(answer.isConfirmed);
}
