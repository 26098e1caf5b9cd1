import { Link } from "react-router";
import { sizeChartPath, useBrandsQuery } from "../../lib/brandsApi";
import { SIZE_GUIDE } from "./messages";

// A shoe's link to its brand's own size guide (issue 31), or to the shop's chart when the brand has
// none. The brands come from the list the header's BRANDS menu has loaded already: no call of its own.
export default function SizeGuideLink({ brandName }) {
  const { data: brands = [] } = useBrandsQuery();
  const name = brandName.toLowerCase();
  const brand = brands.find((candidate) => candidate.name.toLowerCase() === name);
  return <Link to={sizeChartPath(brand)}>{SIZE_GUIDE}</Link>;
}
