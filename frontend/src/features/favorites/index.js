// The signed-in user's favorites: the detail screen's toggle, and the list that the catalogue's
// /favorites screen shows in its grid of shoes.
export { default as FavoriteButton } from "./FavoriteButton";
export { FAVORITES_PAGE, useFavoritesPageQuery } from "./api";
