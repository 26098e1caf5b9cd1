// Stands in for a screen whose issue has not landed yet.
export default function ScreenPlaceholder({ name }) {
  return (
    <section className="placeholder">
      <h1>{name}</h1>
      <p>This screen is on its way.</p>
    </section>
  );
}
