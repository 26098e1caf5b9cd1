import { config } from "../app/config";
import { useDocumentTitle } from "../app/useDocumentTitle";
import CatalogueBlock from "../features/catalog/CatalogueBlock";
import SaleCarousel from "../features/catalog/SaleCarousel";
import ChatHelp from "../features/chat/ChatHelp";

// Home: the winter sale carousel, the help chat and the catalogue (SPEC.md §2).
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
