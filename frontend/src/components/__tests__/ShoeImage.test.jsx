import { render, screen } from "@testing-library/react";
import ShoeImage, { PICTURE_SIZES } from "../ShoeImage";

const SRCSET = "/media/shoes/a-160w.webp 160w, /media/shoes/a-400w.webp 400w, /media/shoes/a.webp 1200w";

test("with the picture's copies, the browser gets them and the width the place shows it at", () => {
  render(<ShoeImage src="/media/shoes/a.webp" srcSet={SRCSET} place="search" width="64" height="48" />);
  const image = screen.getByRole("presentation");
  expect(image).toHaveAttribute("srcset", SRCSET);
  expect(image).toHaveAttribute("sizes", PICTURE_SIZES.search);
  expect(image).toHaveAttribute("width", "64");
  expect(image).toHaveAttribute("height", "48");
});

test("without copies (not made yet, or the placeholder) it is the plain picture, still with its box", () => {
  render(
    <ShoeImage
      src="/static/img/shoe-placeholder.svg"
      srcSet=""
      place="card"
      alt="Nike Air"
      width="800"
      height="600"
    />,
  );
  const image = screen.getByRole("img", { name: "Nike Air" });
  expect(image).not.toHaveAttribute("srcset");
  expect(image).not.toHaveAttribute("sizes");
  expect(image).toHaveAttribute("width", "800");
});
