import { config } from "../lib/config";
import { useDocumentTitle } from "../lib/useDocumentTitle";
import { CatalogueBlock, SaleCarousel } from "../features/catalog";
import { ChatHelp } from "../features/chat";

// Home: the winter sale carousel, the help chat and the catalogue (docs/PRODUCT.md §2).
export default function Home() {
  useDocumentTitle(null);
  return (
    <>
      <h1 className="visually-hidden">{config.shopName}</h1>
      <SaleCarousel />
      <CatalogueBlock title="CATALOGUE" />
      <ChatHelp />
    </>
  );
}
