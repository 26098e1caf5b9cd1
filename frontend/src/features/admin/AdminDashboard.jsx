import { Link, useNavigate } from "react-router";
import { useDocumentTitle } from "../../lib/useDocumentTitle";
import { successPopup } from "../../lib/popup";
import ArchivedTable from "./ArchivedTable";
import BrandsTable from "./BrandsTable";
import ClientsTable from "./ClientsTable";
import { ACTIVITY, BACK_HOME, DASHBOARD_TITLE, LOGOUT, YOU_LOGOUT } from "./messages";
import MostWantedSizes from "./MostWantedSizes";
import ProductsTable from "./ProductsTable";
import ReleasesTable from "./ReleasesTable";
import ShippingMethodsTable from "./ShippingMethodsTable";
import StatTiles from "./StatTiles";
import UsersTable from "./UsersTable";
import "./admin.css";

function TopBar({ signOut }) {
  const navigate = useNavigate();

  const logOut = async () => {
    await signOut();
    successPopup(YOU_LOGOUT);
    navigate("/");
  };

  return (
    <nav className="admin-bar" aria-label="Admin">
      <Link to="/" className="button">
        {BACK_HOME}
      </Link>
      <Link to="/activity" className="button">
        {ACTIVITY}
      </Link>
      <button type="button" className="button" onClick={logOut}>
        {LOGOUT}
      </button>
    </nav>
  );
}

// /admin's dashboard: the top bar, the tiles and chart, the four paged tables of docs/PRODUCT.md §2
// 'Admin dashboard', the Archived shoes under Products, the releases (upcoming, open, past) and last the shipping methods. Each part loads its own data. Logout
// awaits `signOut` (the account feature's, which pages/AdminDashboard.jsx gives it).
export default function AdminDashboard({ signOut }) {
  useDocumentTitle("Admin");
  return (
    <section className="admin">
      <TopBar signOut={signOut} />
      <h1 className="page-title">{DASHBOARD_TITLE}</h1>
      <StatTiles />
      <UsersTable />
      <ClientsTable />
      <ProductsTable />
      <ArchivedTable />
      <MostWantedSizes />
      <BrandsTable />
      <ReleasesTable />
      <ShippingMethodsTable />
    </section>
  );
}
