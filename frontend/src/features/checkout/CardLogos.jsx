// The card networks the shop takes, as text badges; the one the card number belongs to stands out.
export const CARD_NETWORKS = Object.freeze([
  { brand: "visa", name: "Visa" },
  { brand: "mastercard", name: "Mastercard" },
  { brand: "amex", name: "Amex" },
]);

export default function CardLogos({ brand }) {
  return (
    <ul className="card-logos" aria-label="Cards we take">
      {CARD_NETWORKS.map((network) => (
        <li
          key={network.brand}
          className={`card-logo card-logo-${network.brand}`}
          aria-current={network.brand === brand ? "true" : undefined}
        >
          {network.name}
        </li>
      ))}
    </ul>
  );
}
