// Cart lines (docs/PRODUCT.md §3 'Cart line') as the cart, the catalogue's BUY ME! and the checkout
// name them: one shoe in one size is one line, and the server's answers name lines the same way.

export const lineKey = ({ _id, size }) => `${_id}|${size}`;

export const sameLine = (line, other) => line._id === other._id && line.size === other.size;

// The pairs of this shoe and size already in the cart's `items`.
export const quantityInCart = (items, { _id, size }) =>
  items.find((line) => sameLine(line, { _id, size }))?.quantity ?? 0;
