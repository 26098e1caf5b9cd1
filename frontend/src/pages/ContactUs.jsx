import { useDocumentTitle } from "../lib/useDocumentTitle";
import { ContactForm } from "../features/mailing";

export default function ContactUs() {
  useDocumentTitle("Contact us");
  return (
    <section className="static-page">
      <h1 className="page-title">CONTACT US</h1>
      <p>A question about a shoe, an order or a size? Write to us: we answer within two working days.</p>
      <ContactForm />
    </section>
  );
}
