import { useEffect, useState } from "react";
import { ChevronLeftIcon, ChevronRightIcon } from "../../components/icons";
import PrefetchLink from "../../components/PrefetchLink";
import Price from "../../components/Price";
import ShoeImage from "../../components/ShoeImage";
import { priceNow } from "../../lib/money";
import banner from "../../assets/banner.svg";
import { CAROUSEL_SIZE, useSalePageQuery } from "./api";
import { CAROUSEL_INTERVAL_MS, nextIndex, previousIndex } from "./carousel";

const prefersReducedMotion = () =>
  globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

// The home page's winter sale: the cheapest shoes on sale, one at a time, going round; a banner
// when nothing is on sale (docs/PRODUCT.md §2 'Other'). It moves on by itself unless the shopper is
// pointing at it, has focus in it, or asked the system for less motion.
// Whether the carousel's sale has come (or failed): the home page's largest picture is then on its
// way to the screen, and the catalogue under it may ask for its own 28 pictures without slowing it.
export function useSaleCarouselSettled() {
  const { isSuccess, isError } = useSalePageQuery({ limit: CAROUSEL_SIZE, offset: 0 });
  return isSuccess || isError;
}

export default function SaleCarousel() {
  const { data, isSuccess } = useSalePageQuery({ limit: CAROUSEL_SIZE, offset: 0 });
  const shoes = data?.results ?? [];
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = shoes.length;
  const current = shoes[Math.min(index, count - 1)];

  useEffect(() => {
    if (paused || count < 2 || prefersReducedMotion()) return undefined;
    const timer = setInterval(() => setIndex((shown) => nextIndex(shown, count)), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused, count]);

  if (isSuccess && count === 0) {
    return (
      <section className="carousel" aria-label="Winter sale">
        <img
          className="carousel-banner"
          src={banner}
          alt="Sneakers for every season"
          width="1200"
          height="400"
        />
      </section>
    );
  }
  // The same section while the sale loads and once it came: only its slide changes.
  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label="Winter sale"
      aria-busy={!current}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <h2 className="carousel-title">WINTER SALE</h2>
      {current ? (
        <Slide current={current} index={index} count={count} onIndex={setIndex} />
      ) : (
        <SlideLoading />
      )}
    </section>
  );
}

// One shoe on sale, and the arrows to the others.
function Slide({ current, index, count, onIndex: setIndex }) {
  return (
    <>
      <div className="carousel-slide" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`}>
        <PrefetchLink to={`/products/${current._id}`} className="carousel-link">
          {/* The home page's largest picture: fetched ahead of the rest. */}
          <ShoeImage
            src={current.image}
            srcSet={current.imageSrcset}
            place="carousel"
            alt={`${current.brand} ${current.name}`}
            width="800"
            height="600"
            fetchPriority="high"
          />
          <span className="carousel-caption">
            <span className="card-brand">{current.brand.toUpperCase()}</span>
            <span className="carousel-name">{current.name}</span>
            <Price as="span" price={priceNow(current)} regular={current.price} />
          </span>
        </PrefetchLink>
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="carousel-arrow carousel-previous"
            aria-label="Previous shoe on sale"
            onClick={() => setIndex(previousIndex(index, count))}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className="carousel-arrow carousel-next"
            aria-label="Next shoe on sale"
            onClick={() => setIndex(nextIndex(index, count))}
          >
            <ChevronRightIcon />
          </button>
        </>
      )}
    </>
  );
}

// While the sale loads: the slide at its final size (the picture's 4:3 box, the caption's lines),
// so the catalogue under the carousel does not move when the shoes come.
function SlideLoading() {
  return (
    <div className="carousel-slide">
      <div className="carousel-link">
        <span className="carousel-picture-loading" />
        <span className="carousel-caption" aria-hidden="true">
          <span className="card-brand">&nbsp;</span>
          <span className="carousel-name">&nbsp;</span>
          <span className="price">&nbsp;</span>
        </span>
      </div>
    </div>
  );
}
