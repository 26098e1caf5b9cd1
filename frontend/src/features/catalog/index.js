// The catalogue: the shop's shoes as shoppers browse them (the catalogue block, the collections, the
// sale, the favorites' grid, a shoe's page), the header's BRANDS menu and search drawer.
export { default as BrandsMenu } from "./BrandsMenu";
export { default as CatalogueBlock } from "./CatalogueBlock";
export { default as SaleCarousel, useSaleCarouselSettled } from "./SaleCarousel";
export { useBrandsQuery } from "./api";
export { collectionSlice } from "./collectionSlice";
export { searchSlice } from "./searchSlice";
export { sizeFilterSlice } from "./sizeFilterSlice";

// The header's search drawer, fetched when the shopper reaches for the search button: few pages open it.
export const loadSearchDrawer = () => import(/* webpackChunkName: "search" */ "./SearchDrawer");

// The screens of the route table, each a chunk of its own.
export const screens = {
  ProductDetail: () => import(/* webpackChunkName: "screen-ProductDetail" */ "./ProductDetail"),
  Collection: () => import(/* webpackChunkName: "screen-Collection" */ "./Collection"),
  Sale: () => import(/* webpackChunkName: "screen-Sale" */ "./Sale"),
  Favorites: () => import(/* webpackChunkName: "screen-Favorites" */ "./Favorites"),
  StockUnsubscribe: () => import(/* webpackChunkName: "screen-StockUnsubscribe" */ "./StockUnsubscribe"),
};
