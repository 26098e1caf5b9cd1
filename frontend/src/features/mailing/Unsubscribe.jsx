import UnsubscribeScreen from "../../components/UnsubscribeScreen";
import { config } from "../../lib/config";
import { useUnsubscribeNewsletterMutation } from "./api";
import { UNSUBSCRIBE_FAILED } from "./messages";

// /unsubscribe/:token, where the link in a newsletter mail leads.
export default function Unsubscribe() {
  return (
    <UnsubscribeScreen
      question={`Stop getting the ${config.shopName} newsletter at this address?`}
      useUnsubscribe={useUnsubscribeNewsletterMutation}
      failed={UNSUBSCRIBE_FAILED}
    />
  );
}
