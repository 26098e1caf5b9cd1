// How wide each place shows a shoe's picture, for the browser to pick the smallest copy that is sharp
// there (the `sizes` of <img>): the grids' cards (4 a row up to the page's 1200 pixels, 2 on phones),
// the detail page's picture, the home carousel's slide (at most 22rem high), the search drawer's and
// the cart's thumbnails.
export const PICTURE_SIZES = Object.freeze({
  card: "(max-width: 760px) 50vw, (max-width: 1240px) 25vw, 290px",
  detail: "(max-width: 760px) 100vw, 600px",
  carousel: "(max-width: 760px) 100vw, 480px",
  search: "64px",
  cart: "120px",
});

// A shoe's picture, the one <img> of every place that shows one (issue 19): the shop stores each
// picture at smaller widths too (the API's imageSrcset), and the browser downloads the copy the place
// needs, not the 1200-pixel original. Width and height keep the box's room while it loads, so nothing
// shifts. A picture without copies yet (or the placeholder) is its plain src.
export default function ShoeImage({ src, srcSet, place, width, height, alt = "", ...rest }) {
  return (
    <img
      src={src}
      srcSet={srcSet || undefined}
      sizes={srcSet ? PICTURE_SIZES[place] : undefined}
      width={width}
      height={height}
      alt={alt}
      {...rest}
    />
  );
}
