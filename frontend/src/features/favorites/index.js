// The signed-in user's favorites: the detail screen's toggle, and the list the /favorites page shows
// in the catalogue's grid of shoes.
export { default as FavoriteButton } from "./FavoriteButton";
export { FAVORITES_PAGE, useFavoritesPageQuery } from "./api";
export { FAVORITES_TITLE, NO_FAVORITES } from "./messages";
