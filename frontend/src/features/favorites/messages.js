// The favorite toggle's texts (docs/PRODUCT.md §4 'Favorite button', §8).

export const ADDED_TO_FAVORITES = "Shoe added to Favorites";
export const REMOVED_FROM_FAVORITES = "Shoe removed from Favorites";

// The toggle on the detail screen says what pressing it does: add when the shoe is not a favorite,
// remove when it is (docs/PRODUCT.md §4 'Favorite button'); its heart is filled for a favorite.
export const ADD_TO_FAVORITES = "Add to favorites";
export const REMOVE_FROM_FAVORITES = "Remove from favorites";

export const SIGN_IN_FOR_FAVORITES = "Sign in to keep your Favorites.";
export const FAVORITES_FAILED = "Your Favorites could not be changed";

// /favorites (docs/PRODUCT.md §2).
export const FAVORITES_TITLE = "MY FAVORITES!";
export const NO_FAVORITES = "No favorites yet: press Add to favorites on a shoe you like to keep it here.";
