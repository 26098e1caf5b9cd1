import { priceNow } from "../../lib/money";

// Shoes as the storefront holds them (docs/PRODUCT.md §3): the shoe and each stock entry get a
// quantity of 0, the pairs a card has picked so far; what the shop has left of a size stays readable
// as `available`.

export function forStorefront(shoe) {
  return {
    ...shoe,
    quantity: 0,
    stock: shoe.stock.map((entry) => ({ ...entry, available: entry.quantity, quantity: 0 })),
  };
}

// The cart line that choosing a size on a card makes (docs/PRODUCT.md §4 'Card selection and cart').
export function cartLine(shoe, size) {
  // imageSrcset beside the spec's fields: the cart shows the picture's small copy (components/ShoeImage).
  return {
    _id: shoe._id,
    name: shoe.name,
    image: shoe.image,
    imageSrcset: shoe.imageSrcset,
    // The price the shopper saw (its sale price while on sale), and the regular one it is struck through from.
    price: priceNow(shoe),
    regularPrice: shoe.price,
    size,
    quantity: 1,
  };
}

export function stockOf(shoe, size) {
  return shoe.stock.find((entry) => entry.size === size)?.available ?? 0;
}
