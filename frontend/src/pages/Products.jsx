import { useDocumentTitle } from "../app/useDocumentTitle";
import CatalogueBlock from "../features/catalog/CatalogueBlock";

export default function Products() {
  useDocumentTitle("Products");
  return <CatalogueBlock title="PRODUCTS" titleLevel={1} />;
}
