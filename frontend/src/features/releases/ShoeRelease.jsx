import { useCallback } from "react";
import { useReleasesQuery } from "./api";
import Countdown from "./Countdown";
import DrawEntry from "./DrawEntry";
import { formatWhen } from "./countdown";
import ReminderForm from "./ReminderForm";

// On a shoe's page, when it is in an upcoming or open release: before it opens, the countdown and the reminder
// form; once open, what the release's rules are (the server refuses a checkout before the minute whatever this
// shows). A draw's open window shows its entry form, whose card and address fields the page hands down
// (`CardAddressForm`, the checkout's).
export default function ShoeRelease({ shoeId, CardAddressForm }) {
  const { data, refetch } = useReleasesQuery(shoeId);
  const opened = useCallback(() => refetch(), [refetch]);
  const release = data?.upcoming[0];
  if (!release) return null;
  const pairs = release.perPersonLimit === 1 ? "1 pair" : `${release.perPersonLimit} pairs`;
  return (
    <section className="shoe-release" aria-label="Release">
      <h2>{release.name}</h2>
      {release.state === "upcoming" ? (
        <>
          <p>
            {release.kind === "draw" ? "Entries to the draw open" : "On sale"} {formatWhen(release.opensAt)}.
          </p>
          <Countdown opensAt={release.opensAt} answer={data} onDone={opened} />
          <ReminderForm releaseId={release.id} />
        </>
      ) : release.kind === "draw" ? (
        <>
          <p>
            The draw is open until {formatWhen(release.closesAt)}: one entry per person, your card is charged
            only if you win.
          </p>
          {release.state === "open" && CardAddressForm && (
            <DrawEntry
              release={release}
              shoeId={shoeId}
              turnstileSiteKey={data.turnstileSiteKey}
              CardAddressForm={CardAddressForm}
            />
          )}
        </>
      ) : (
        <p>On sale now: {pairs} per person, card and address.</p>
      )}
    </section>
  );
}
