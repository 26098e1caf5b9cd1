import { useSelector } from "react-redux";
import { selectUser } from "../lib/session";
import { Account } from "../features/account";
import { AddressBook } from "../features/checkout";
import { MyOrders } from "../features/orders";

// /account (behind the user guard): the account's profile, its forms and ways out, with the user's
// paid orders under MY ORDERS (docs/PRODUCT.md §2) and their address book (the payment form's, issue 31).
export default function AccountPage() {
  const { idUser } = useSelector(selectUser);
  return <Account myOrders={<MyOrders uid={idUser} />} addressBook={<AddressBook />} />;
}
