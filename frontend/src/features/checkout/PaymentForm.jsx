import { useState } from "react";
import { useSavedAddressesQuery } from "./addressesApi";
import { useSelector } from "react-redux";
import { selectUser } from "../../lib/session";
import CardAddressForm from "./CardAddressForm";
import { PAY, PAYING } from "./messages";
import { usePay } from "./usePay";

// The payment form of the cart (docs/PRODUCT.md §2, §5): the cardholder and the billing address, each
// field checked on every key press and on blur, and the card widget holding the postal code
// (CardAddressForm). Paying goes on only for a signed-in user, with every field valid, the card accepted
// and something to pay (`canPay`: the cart is not empty, its total is above 0 and no line is flagged); it
// pays for the cart's `items` and their total, `amount` (cents, the server's quote), with what else it was priced
// with (`pricing`: usePay), and hands the paid order to `onPaid`. `onFieldChange(field, value)` hears each field
// typed (the cart re-quotes the tax and shipping for the state). A signed-in shopper picks from their address book
// (its default first) and may save a new address with the order.
export default function PaymentForm({ items, amount, canPay, onPaid, pricing, onFieldChange }) {
  const user = useSelector(selectUser);
  // A book that cannot be read leaves the fields to type, as before there was one.
  const { data: savedAddresses } = useSavedAddressesQuery(undefined, { skip: !user });
  const { payWith, turnVisitorAway, paying: underway } = usePay({ items, amount, onPaid, pricing });
  const [paying, setPaying] = useState(false);

  const mayCheck = () => {
    if (user) return true;
    turnVisitorAway();
    return false;
  };
  const pay = async (card, billing, options) => {
    setPaying(true);
    try {
      await payWith(card, billing, options);
    } finally {
      setPaying(false);
    }
  };

  return (
    <CardAddressForm
      title="PAYMENT"
      Heading="h2"
      submitLabel={PAY}
      busyLabel={PAYING}
      busy={paying || underway}
      disabled={!canPay}
      mayCheck={mayCheck}
      onFieldChange={onFieldChange}
      onSubmit={pay}
      savedAddresses={user ? (savedAddresses ?? []) : []}
      offerSave={Boolean(user)}
    />
  );
}
