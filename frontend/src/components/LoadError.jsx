// A list or a shoe that could not be loaded: say so and offer to ask again.
export default function LoadError({ what, onRetry }) {
  return (
    <div className="load-error" role="alert">
      <p>We could not load {what}. Check your connection and try again.</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
