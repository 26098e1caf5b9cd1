// The dashboard's texts (docs/PRODUCT.md §2 'Admin dashboard', §4, §8). The forms' texts are in
// forms/messages.js.

export const DASHBOARD_TITLE = "ADMIN DASHBOARD";
export const BACK_HOME = "Back Home";
export const LOGOUT = "Logout";
export const YOU_LOGOUT = "You logout";

// The stat tiles.
export const CREATE_SHOES = "Create shoes";
export const CREATE_BRAND = "Create brand";
export const ORDERS = "Orders";
export const SALES = "Sales";
export const ORDERS_HINT = "Pairs of shoes ordered";
export const SALES_HINT = "All paid orders";

// The chart.
export const CHART_TITLE = "Sales by day, last 30 days";
export const chartDescription = ({ total, orders, best }, formatMoney) =>
  best
    ? `${formatMoney(total)} in ${orders} ${orders === 1 ? "order" : "orders"}; the best day was ${best.date} with ${formatMoney(best.amount)}.`
    : "No sales in the last 30 days.";
export const barTitle = (day, formatMoney) =>
  `${day.date}: ${formatMoney(day.amount)} (${day.orders} ${day.orders === 1 ? "order" : "orders"})`;

// The tables.
export const USERS = "Users";
export const CLIENTS = "Clients / orders";
export const PRODUCTS = "Products";
export const BRANDS = "Brands";
export const ARCHIVED = "Archived";
export const pagerLabel = (table) => `Pages of ${table}`;
export const NO_USERS = "No users yet.";
export const NO_CLIENTS = "No paid orders yet.";
export const NO_PRODUCTS = "No shoes in the shop yet.";
export const NO_BRANDS = "No brands yet.";
export const NO_ARCHIVED = "No archived shoes.";

// The activity log (/activity).
export const ACTIVITY = "Activity";
export const ACTIVITY_INTRO =
  "Every change staff made, from this dashboard, the Django admin or the operator's commands, and the sign-in's security events: newest first, never edited.";
export const ACTIVITY_HEADERS = ["When (UTC)", "Who", "Kind", "Record", "Before → after"];
export const NO_ACTIVITY = "Nothing logged matches.";
export const FILTER = "Filter";
export const FILTER_ACTOR = "Person";
export const FILTER_KIND = "Kind";
export const FILTER_RECORD = "Record";

export const ENABLE = "Enable";
export const DISABLE = "Disable";
export const MANAGER = "Manager";
export const YOU = "(you)";
export const markOrderAs = (status) => `Mark ${status}`;
export const ON_SALE = "On sale";
export const SELECT = "Select";
export const SELECTED = "Selected";
export const MODIFY = "Modify";
export const CREATE_SIZE = "Create size";
export const CREATE_RELEASE = "Create release";
export const RELEASES_UPCOMING = "Upcoming releases";
export const RELEASES_OPEN = "Open releases";
export const RELEASES_PAST = "Past releases";
export const NO_RELEASES = "No releases here.";
export const WATCH = "Watch";
export const EDIT = "Edit";
export const ALL_SHOES = "All shoes";
export const DELETE = "Delete";
export const ACTIONS = "Actions";
export const selectedNote = (name) => `Selected: ${name}. Modify it or add a size to it.`;
export const ARCHIVED_ON = "Archived on";
export const RESTORE = "Restore";
export const ARCHIVED_NOTE =
  "Shoes deleted while customers' orders, reviews or favorites point at them: out of the shop, kept for that history. Restore puts one back as it was.";

// Deleting asks first (docs/PRODUCT.md §4).
export const ARE_YOU_SURE = "Are you sure?";
export const NO_REVERT = "You won't be able to revert this!";
export const YES_DELETE = "Yes, delete it!";
export const CANCEL = "Cancel";
export const DELETED = "Deleted!";

// A change the server refused: the title, and the server's reason as the text.
export const NOT_CHANGED = "Not changed";
export const NOT_DELETED = "Not deleted";
export const NO_ANSWER = "The shop did not answer. Check your connection and try again.";

// The most-wanted sold-out sizes (issue 19).
export const MOST_WANTED = "MOST-WANTED SOLD-OUT SIZES";
export const MOST_WANTED_NOTE =
  "Shoppers asked to be mailed when these sizes have pairs again: add them with Create size.";
export const NO_MOST_WANTED = "Nobody is waiting for a sold-out size.";
export const WAITING = "Waiting";

// Shipping methods (issue 30) and the sales report.
export const SHIPPING_METHODS = "Shipping methods";
export const NO_SHIPPING_METHODS = "No shipping methods: every order ships free.";
export const ADD_METHOD = "Add method";
export const SAVE_METHOD = "Save method";
export const CANCEL_EDIT = "Cancel";
export const METHOD_SAVED = "Shipping method saved";
export const EVERYWHERE = "Everywhere";
export const NEVER = "Never";
export const SALES_REPORT = "Download sales report (CSV)";

// A brand's own size guide (issue 31), edited from the Brands table.
export const SIZE_GUIDE = "Size guide";
export const OWN_GUIDE = "Own";
export const SHOP_CHART = "Shop's chart";
export const sizeGuideTitle = (brand) => `Size guide of ${brand}`;
export const SIZE_GUIDE_EMPTY = "No rows: this brand's shoes link the shop's size chart.";
export const ADD_ROW = "Add a row";
export const REMOVE_ROW = "Remove row";
export const START_FROM_SHOP_CHART = "Start from the shop's chart";
export const SAVE_SIZE_GUIDE = "Save size guide";
