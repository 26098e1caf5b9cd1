import { useDocumentTitle } from "../lib/useDocumentTitle";
import { CatalogueBlock } from "../features/catalog";

export default function Products() {
  useDocumentTitle("Products");
  return <CatalogueBlock title="PRODUCTS" titleLevel={1} />;
}
