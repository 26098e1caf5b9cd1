import MailLinkScreen from "../../components/MailLinkScreen";
import { config } from "../../lib/config";
import { useUnsubscribeNewsletterMutation } from "./api";
import { UNSUBSCRIBE_FAILED } from "./messages";

// /unsubscribe/:token, where the link in a newsletter mail leads.
export default function Unsubscribe() {
  return (
    <MailLinkScreen
      title="Unsubscribe"
      question={`Stop getting the ${config.shopName} newsletter at this address?`}
      actionLabel="Unsubscribe"
      useAction={useUnsubscribeNewsletterMutation}
      failed={UNSUBSCRIBE_FAILED}
    />
  );
}
