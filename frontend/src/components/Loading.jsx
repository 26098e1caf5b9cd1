// What a screen shows while its data is on the way (SPEC.md §2).
export default function Loading() {
  return (
    <p className="loading" role="status">
      LOADING...
    </p>
  );
}
