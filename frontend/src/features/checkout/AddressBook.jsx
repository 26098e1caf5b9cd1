import { useState } from "react";
import { confirmPopup, errorPopup, successPopup } from "../../lib/popup";
import AddressForm from "./AddressForm";
import {
  useAddressCreateMutation,
  useAddressDeleteMutation,
  useAddressMakeDefaultMutation,
  useAddressUpdateMutation,
  useSavedAddressesQuery,
} from "./addressesApi";
import {
  ADDRESS_ADD,
  ADDRESS_BOOK_EMPTY,
  ADDRESS_BOOK_FULL,
  ADDRESS_DEFAULT,
  ADDRESS_DELETE_SURE,
  ADDRESS_DELETED,
  ADDRESS_MAKE_DEFAULT,
  ADDRESS_SAVED,
  ADDRESSES_TITLE,
  CANCEL,
} from "./messages";
import { addressLabel, MAX_SAVED_ADDRESSES } from "./savedAddresses";

// /account's address book (docs/PRODUCT.md §2, issue 31): the shopper's saved addresses, the default first; add,
// edit, delete, make one the default. The payment form offers them (CardAddressForm's picker).
export default function AddressBook() {
  const { data: addresses = [], isSuccess } = useSavedAddressesQuery();
  const [create] = useAddressCreateMutation();
  const [update] = useAddressUpdateMutation();
  const [remove] = useAddressDeleteMutation();
  const [makeDefault] = useAddressMakeDefaultMutation();
  // "new", an address's _id being edited, or null.
  const [editing, setEditing] = useState(null);

  // A refusal (gone in another tab, say) says why; the book is asked for again either way.
  const settled = async (request) => {
    try {
      await request.unwrap();
      return true;
    } catch (refusal) {
      errorPopup(refusal?.message ?? String(refusal));
      return false;
    }
  };
  const saved = async (request) => {
    await request.unwrap();
    setEditing(null);
    successPopup(ADDRESS_SAVED);
  };
  const forget = async (address) => {
    const sure = await confirmPopup({
      icon: "warning",
      title: ADDRESS_DELETE_SURE,
      text: addressLabel(address),
      confirmButtonText: "Delete",
      cancelButtonText: CANCEL,
    });
    if (!sure) return;
    if (await settled(remove(address._id))) successPopup(ADDRESS_DELETED);
  };

  const full = addresses.length >= MAX_SAVED_ADDRESSES;
  return (
    <section className="address-book" aria-labelledby="address-book-title">
      <h2 id="address-book-title" className="section-title">
        {ADDRESSES_TITLE}
      </h2>
      {isSuccess && addresses.length === 0 && editing !== "new" && <p>{ADDRESS_BOOK_EMPTY}</p>}
      {addresses.length > 0 && (
        <ul className="address-list" aria-label="Saved addresses">
          {addresses.map((address) => (
            <li key={address._id} className="address-item" aria-label={addressLabel(address)}>
              {editing === address._id ? (
                <AddressForm
                  saved={address}
                  title="Edit address"
                  withDefaultBox={!address.isDefault}
                  onSave={(fields) => saved(update({ _id: address._id, ...fields }))}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <p className="address-text">
                    {addressLabel(address)}
                    {address.isDefault && <span className="address-default">{ADDRESS_DEFAULT}</span>}
                  </p>
                  <div className="address-actions">
                    <button type="button" className="button" onClick={() => setEditing(address._id)}>
                      Edit
                    </button>
                    <button type="button" className="button" onClick={() => forget(address)}>
                      Delete
                    </button>
                    {!address.isDefault && (
                      <button
                        type="button"
                        className="button"
                        onClick={() => settled(makeDefault(address._id))}
                      >
                        {ADDRESS_MAKE_DEFAULT}
                      </button>
                    )}
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {editing === "new" && (
        <AddressForm
          title="New address"
          withDefaultBox={addresses.length > 0}
          onSave={(fields) => saved(create(fields))}
          onCancel={() => setEditing(null)}
        />
      )}
      {isSuccess &&
        editing !== "new" &&
        (full ? (
          <p className="form-note">{ADDRESS_BOOK_FULL}</p>
        ) : (
          <button type="button" className="button" onClick={() => setEditing("new")}>
            {ADDRESS_ADD}
          </button>
        ))}
    </section>
  );
}
