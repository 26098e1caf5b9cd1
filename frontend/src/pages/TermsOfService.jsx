import { config } from "../lib/config";
import { useDocumentTitle } from "../lib/useDocumentTitle";

export default function TermsOfService() {
  useDocumentTitle("Terms of service");
  const shop = config.shopName;
  return (
    <section className="static-page">
      <h1 className="page-title">TERMS OF SERVICE</h1>
      <h2>Orders</h2>
      <p>
        An order is placed when your card payment is accepted. Prices are in US dollars and are those shown
        when you pay; {shop} confirms every order by email.
      </p>
      <h2>Stock</h2>
      <p>
        We hold the pairs of an order for you while you pay. If a size sells out before your payment goes
        through, you are not charged for it.
      </p>
      <h2>Payment</h2>
      <p>
        Card payments are handled by our payment provider; your card number never reaches our servers. We keep
        the payment id of each order to answer questions about it.
      </p>
      <h2>Returns</h2>
      <p>
        Unworn pairs in their original box may be returned within 30 days of delivery. Write to us through the
        contact page with the payment id of your order.
      </p>
      <h2>Your account</h2>
      <p>
        Keep your password to yourself. We may disable an account used for fraud or abuse. Reviews must be
        about shoes you bought and must not insult anyone.
      </p>
      <h2>Your data</h2>
      <p>
        We keep your email, your orders, your favorites and your reviews to run the shop, and your newsletter
        address until you ask us to remove it. We never sell them.
      </p>
    </section>
  );
}
