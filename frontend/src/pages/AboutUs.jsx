import { Link } from "react-router";
import { config } from "../lib/config";
import { useDocumentTitle } from "../lib/useDocumentTitle";

export default function AboutUs() {
  useDocumentTitle("About us");
  return (
    <section className="static-page">
      <h1 className="page-title">ABOUT US</h1>
      <p>
        {config.shopName} is a small shop run by people who love sneakers. We pick running shoes, court
        classics and skate pairs from the brands we trust, and put them in one place with honest prices.
      </p>
      <p>
        Our sneakers are 100% legitimate, authenticated by a resale marketplace. Every pair is shipped in its
        original box, and every picture shows the model you receive.
      </p>
      <p>
        Deals land on our <Link to="/sale">sale page</Link> first, and our newsletter tells you when new pairs
        arrive. Questions? <Link to="/contactUs">Write to us</Link>: a person answers.
      </p>
    </section>
  );
}
