import { Link } from "react-router";
import { config } from "../lib/config";
import { NewsletterForm } from "../features/mailing";

// Relative links, as the spec's footer has them: they resolve from the root route wherever it shows.
const PAGES = [
  ["aboutUs", "About us"],
  ["contactUs", "Contact us"],
  ["sizeChart", "Size chart"],
  ["termsOfService", "Terms of service"],
];

export default function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-columns">
        <NewsletterForm />
        <nav aria-label="About the shop">
          <ul className="footer-links">
            {PAGES.map(([to, label]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Social">
          <ul className="footer-links">
            {Object.entries(config.socialLinks).map(([network, url]) => (
              <li key={network}>
                <a href={url} target="_blank" rel="noopener noreferrer">
                  {network}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="copyright">
        © {new Date().getFullYear()} {config.shopName}. All rights reserved.
      </p>
    </footer>
  );
}
