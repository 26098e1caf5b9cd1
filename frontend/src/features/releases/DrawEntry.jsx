import { Suspense, useId, useState } from "react";
import { useSelector } from "react-redux";
import { Link } from "react-router";
import { errorPopup } from "../../lib/popup";
import { selectUser } from "../../lib/session";
import { useEnterDrawMutation, useMyEntryQuery } from "./api";
import { ENTRY_NOT_CONFIRMED, entryBody, entryNews, entryRefusal, entrySizes } from "./entry";
import Turnstile from "./Turnstile";

export const ENTER = "Enter the draw";
const ENTERING = "Entering...";
const NOT_ENTERED = "You are not in the draw";

// A draw's entry on the shoe's page while its window is open (docs/PRODUCT.md §10): a signed-in shopper picks a
// size and gives a shipping address and a card, authorised and not charged; the card and address fields are the
// payment form's (`CardAddressForm`, handed down by the page). A bank that asks for 3-D Secure gets its check, then
// the same entry goes again. Once entered, the entry's news instead of the form.
export default function DrawEntry({ release, shoeId, turnstileSiteKey, CardAddressForm }) {
  const user = useSelector(selectUser);
  const { data, isLoading } = useMyEntryQuery(release.id, { skip: !user });
  const [enter, entering] = useEnterDrawMutation();
  const [size, setSize] = useState("");
  const [sizeError, setSizeError] = useState("");
  const [token, setToken] = useState("");
  const [busy, setBusy] = useState(false);
  const sizeId = useId();

  if (!user) {
    return (
      <p>
        <Link to="/signin" state={{ from: `/products/${shoeId}` }}>
          Sign in
        </Link>{" "}
        to enter the draw.
      </p>
    );
  }
  if (isLoading) return null;
  const news = entryNews(data?.entry);
  if (news) return <p role="status">{news}</p>;

  const submit = async (card, billing) => {
    if (!size) {
      setSizeError("Choose a size.");
      return;
    }
    setBusy(true);
    try {
      const method = await card.createPaymentMethod(billing);
      if (method.error || !method.id) {
        errorPopup(NOT_ENTERED, { text: method.error ?? undefined });
        return;
      }
      const body = entryBody({ size, methodId: method.id, billing, turnstileToken: token });
      let answer = await enter({ releaseId: release.id, body });
      if (answer.data?.requiresAction) {
        if (!(await card.confirmAction(answer.data))) {
          errorPopup(NOT_ENTERED, { text: ENTRY_NOT_CONFIRMED });
          return;
        }
        answer = await enter({ releaseId: release.id, body });
      }
      if (answer.error || answer.data?.requiresAction) {
        errorPopup(NOT_ENTERED, { text: answer.error ? entryRefusal(answer.error) : ENTRY_NOT_CONFIRMED });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Suspense fallback={null}>
      <CardAddressForm
        title="ENTER THE DRAW"
        submitLabel={ENTER}
        busyLabel={ENTERING}
        busy={busy || entering.isLoading}
        onSubmit={submit}
      >
        <div className="field">
          <label htmlFor={sizeId}>Size to enter for</label>
          <select
            id={sizeId}
            value={size}
            aria-invalid={Boolean(sizeError)}
            onChange={(event) => {
              setSize(event.target.value);
              setSizeError("");
            }}
          >
            <option value="">Size</option>
            {entrySizes(release, shoeId).map((each) => (
              <option key={each.id} value={each.id}>
                {each.size}
              </option>
            ))}
          </select>
          {sizeError && (
            <p className="field-error" role="alert">
              {sizeError}
            </p>
          )}
        </div>
        {turnstileSiteKey && <Turnstile siteKey={turnstileSiteKey} onToken={setToken} />}
      </CardAddressForm>
    </Suspense>
  );
}
