// The catalogue's texts and popups (docs/PRODUCT.md §2, §5, §8).
export const ADD_SIZE = "Add size";
export const ADDED_TO_CART = "Your shoe add to cart";
export const NO_MORE_PAIRS = "No more pairs left";

export const FAVORITES_TITLE = "MY FAVORITES!";
export const NO_FAVORITES = "No favorites yet: press Add to favorites on a shoe you like to keep it here.";
