// The dashboard's release form (docs/PRODUCT.md §10) as pure functions: its rules and messages (the server's,
// releases/serializers.py, in the style of the spec's admin forms), the sizes typed as "9: 20, 10: 30", and the
// body sent. Times are typed in the admin's own time zone (datetime-local) and sent as UTC instants.

export const RELEASE_KINDS = Object.freeze([
  { value: "first_come", label: "First come" },
  { value: "draw", label: "Draw" },
]);
export const YES_NO = Object.freeze([
  { value: "no", label: "No" },
  { value: "yes", label: "Yes" },
]);

export const EMPTY_RELEASE = Object.freeze({
  name: "",
  kind: "first_come",
  announceAt: "",
  opensAt: "",
  closesAt: "",
  perPersonLimit: "1",
  minAccountAgeDays: "0",
  requireVerifiedEmail: "no",
  sizes: "",
});

const NAME = /^[\p{L}\p{N}][\p{L}\p{N} '\-.&_]*$/u;
const DIGITS = /^\d+$/;
const SIZE = /^\d{1,2}(?:\.5)?$/;

// "9: 20, 10.5: 30" as [{size: "9", pairs: 20}, ...]; null when it is not that.
export function parseSizes(text) {
  const parts = (text ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0) return null;
  const sizes = [];
  for (const part of parts) {
    const match = /^([^:]+):\s*(\d+)$/.exec(part);
    if (!match || !SIZE.test(match[1].trim())) return null;
    sizes.push({ size: match[1].trim(), pairs: Number(match[2]) });
  }
  return sizes;
}

const instant = (local) => {
  const time = local ? new Date(local).getTime() : NaN;
  return Number.isNaN(time) ? null : time;
};

export function releaseErrors(values) {
  const errors = {};
  const name = values.name.trim();
  if (!name || name.length > 60) errors.name = "Enter a valid name";
  else if (!NAME.test(name)) errors.name = "The name can only contain letters, numbers and spaces";
  const announce = instant(values.announceAt);
  const opens = instant(values.opensAt);
  const closes = instant(values.closesAt);
  if (announce === null) errors.announceAt = "Enter a valid date";
  if (opens === null) errors.opensAt = "Enter a valid date";
  if (values.closesAt && closes === null) errors.closesAt = "Enter a valid date";
  if (announce !== null && opens !== null && announce > opens)
    errors.announceAt = "Announce it before it opens";
  if (closes !== null && opens !== null && closes <= opens) errors.closesAt = "It must close after it opens";
  if (values.kind === "draw" && !values.closesAt) errors.closesAt = "A draw needs the time its entries close";
  if (!DIGITS.test(values.perPersonLimit)) errors.perPersonLimit = "Only numbers";
  else if (Number(values.perPersonLimit) < 1) errors.perPersonLimit = "At least 1 pair";
  else if (Number(values.perPersonLimit) > 10) errors.perPersonLimit = "At most 10 pairs";
  if (!DIGITS.test(values.minAccountAgeDays) || Number(values.minAccountAgeDays) > 3650) {
    errors.minAccountAgeDays = "Only numbers";
  }
  const sizes = parseSizes(values.sizes);
  if (sizes === null) errors.sizes = "Write each size and its pairs: 9: 20, 10: 30";
  else if (sizes.some(({ pairs }) => pairs < 1 || pairs > 100000)) errors.sizes = "Enter a valid quantity";
  else if (new Set(sizes.map(({ size }) => Number(size))).size < sizes.length)
    errors.sizes = "Each shoe and size once";
  return errors;
}

const iso = (local) => new Date(local).toISOString();

// The release as the server takes it, of one shoe's sizes.
export function releaseBody(values, shoeId) {
  return {
    name: values.name.trim(),
    kind: values.kind,
    announceAt: iso(values.announceAt),
    opensAt: iso(values.opensAt),
    closesAt: values.closesAt ? iso(values.closesAt) : null,
    perPersonLimit: Number(values.perPersonLimit),
    minAccountAgeDays: Number(values.minAccountAgeDays),
    requireVerifiedEmail: values.requireVerifiedEmail === "yes",
    sizes: parseSizes(values.sizes).map(({ size, pairs }) => ({ shoe: shoeId, size, pairs })),
  };
}

// An instant as a datetime-local input shows it, in this device's time zone: "2026-03-01T10:00".
export function localInput(isoTime, offsetMinutes = new Date(isoTime).getTimezoneOffset()) {
  if (!isoTime) return "";
  return new Date(new Date(isoTime).getTime() - offsetMinutes * 60000).toISOString().slice(0, 16);
}

// A release from the server as the form's values (to change it); its first shoe's sizes.
export function releaseValues(release) {
  const shoe = release.shoes[0];
  return {
    name: release.name,
    kind: release.kind,
    announceAt: localInput(release.announceAt),
    opensAt: localInput(release.opensAt),
    closesAt: localInput(release.closesAt),
    perPersonLimit: String(release.perPersonLimit),
    minAccountAgeDays: String(release.minAccountAgeDays),
    requireVerifiedEmail: release.requireVerifiedEmail ? "yes" : "no",
    sizes: shoe ? shoe.sizes.map(({ size, pairs }) => `${size}: ${pairs}`).join(", ") : "",
  };
}

// The server's refusal with its sizes' messages as one line: a size it refused inside the list comes as
// [{size: ["…"]}, {}], which the form shows as the field's first message.
export function sizesRefusal(answer) {
  const sizes = answer?.error?.fields?.sizes;
  if (!Array.isArray(sizes) || sizes.every((item) => typeof item === "string")) return answer;
  const messages = sizes.flatMap((item) =>
    item && typeof item === "object" ? Object.values(item).flat() : [],
  );
  const fields = {
    ...answer.error.fields,
    sizes: [messages.find((m) => typeof m === "string") ?? "Enter a valid size"],
  };
  return { ...answer, error: { ...answer.error, fields } };
}
