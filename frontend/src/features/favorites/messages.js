// The favorite toggle's texts (docs/PRODUCT.md §4 'Favorite button', §8).

export const ADDED_TO_FAVORITES = "Shoe added to Favorites";
export const REMOVED_FROM_FAVORITES = "Shoe removed from Favorites";

// The toggle on the detail screen: its name stays the same (aria-pressed tells the state); its hint
// says what pressing it does.
export const FAVORITE = "Favorite";
export const ADD_HINT = "Add to Favorites";
export const REMOVE_HINT = "Remove from Favorites";

export const SIGN_IN_FOR_FAVORITES = "Sign in to keep your Favorites.";
export const FAVORITES_FAILED = "Your Favorites could not be changed";
