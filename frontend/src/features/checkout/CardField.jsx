import { config } from "../../lib/config";
import StripeCardField from "./StripeCardField";
import TestCardField from "./TestCardField";

// Stripe's card widget when the shop has a publishable key, the test gateway's card field otherwise
// (docs/DESIGN.md §5). Either reports the card through onChange({accepted, brand, error, ...}).
export default function CardField({ settings = config, onChange, showErrors }) {
  if (settings.paymentGateway === "stripe" && settings.stripePublishableKey) {
    return (
      <StripeCardField
        publishableKey={settings.stripePublishableKey}
        onChange={onChange}
        showErrors={showErrors}
      />
    );
  }
  return <TestCardField onChange={onChange} showErrors={showErrors} />;
}
