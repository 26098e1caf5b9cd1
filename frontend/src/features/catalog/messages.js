// The catalogue's popups (SPEC.md §5, §8).
export const ADD_SIZE = "Add size";
export const ADDED_TO_CART = "Your shoe add to cart";
export const NO_MORE_PAIRS = "No more pairs left";
