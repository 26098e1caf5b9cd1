// The admin forms and /orders, for the admin chunk's routes.
export { default as AdminOrders } from "./AdminOrders";
export { default as CreateBrand } from "./CreateBrand";
export { default as CreateShoes } from "./CreateShoes";
export { default as CreateSize } from "./CreateSize";
export { default as ModifyShoe } from "./ModifyShoe";
