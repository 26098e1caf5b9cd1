// The catalogue: the shop's shoes as shoppers browse them (the catalogue block, the collections, the
// sale, a shoe's parts and the paged grid that the pages of other features' lists show them in), BUY
// ME! (an event the cart reacts to), the header's BRANDS menu and search drawer.
export { default as BrandsMenu } from "./BrandsMenu";
export { default as CatalogueBlock } from "./CatalogueBlock";
export { default as LowestPriceNotice } from "./LowestPriceNotice";
export { default as NotifyMe } from "./NotifyMe";
export { default as PagedShoeList } from "./PagedShoeList";
export { default as SaleCarousel, useSaleCarouselSettled } from "./SaleCarousel";
export { default as SizeGuideLink } from "./SizeGuideLink";
export { default as SizeSelect } from "./SizeSelect";
export { useShoeQuery } from "./api";
export { collectionSlice } from "./collectionSlice";
export { searchSlice } from "./searchSlice";
export { forStorefront } from "./shoes";
export { sizeFilterSlice } from "./sizeFilterSlice";
export { buyMePressed, useAddToCart } from "./useAddToCart";

// The header's search drawer, fetched when the shopper reaches for the search button: few pages open it.
export const loadSearchDrawer = () => import(/* webpackChunkName: "search" */ "./SearchDrawer");

// The screens of the route table, each a chunk of its own (a shoe's page is pages/ProductDetail.jsx).
export const screens = {
  Collection: () => import(/* webpackChunkName: "screen-Collection" */ "./Collection"),
  Sale: () => import(/* webpackChunkName: "screen-Sale" */ "./Sale"),
  StockUnsubscribe: () => import(/* webpackChunkName: "screen-StockUnsubscribe" */ "./StockUnsubscribe"),
};
