// The home carousel goes round: after the last shoe comes the first, before the first the last.
export function nextIndex(index, length) {
  return length ? (index + 1) % length : 0;
}

export function previousIndex(index, length) {
  return length ? (index - 1 + length) % length : 0;
}

// How long each shoe stays before the carousel moves on by itself.
export const CAROUSEL_INTERVAL_MS = 5000;
