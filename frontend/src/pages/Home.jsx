import { config } from "../lib/config";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { CatalogueBlock, SaleCarousel, useSaleCarouselSettled } from "../features/catalog";
import { ChatHelp } from "../features/chat";
import { NextReleases } from "../features/releases";

// Home: the winter sale carousel, the next releases, the help chat and the catalogue (docs/PRODUCT.md §2, §10).
export default function Home() {
  useDocumentTitle(null);
  // The catalogue's pictures wait for the carousel's: its first picture is the largest thing the
  // shopper sees first (docs/DESIGN.md §7), and the 28 cards' would share the line with it.
  const saleSettled = useSaleCarouselSettled();
  return (
    <>
      <h1 className="visually-hidden">{config.shopName}</h1>
      <SaleCarousel />
      <NextReleases />
      <CatalogueBlock title="CATALOGUE" waiting={!saleSettled} />
      <ChatHelp />
    </>
  );
}
