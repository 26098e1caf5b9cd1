// Loads a page of the shop afresh, as after a sign-up (docs/PRODUCT.md §4 'Auth').
export function reloadAt(path) {
  window.location.assign(path);
}
