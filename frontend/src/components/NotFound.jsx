import { Link } from "react-router";

export default function NotFound() {
  return (
    <section className="not-found">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link className="button" to="/">
        Back Home
      </Link>
    </section>
  );
}
