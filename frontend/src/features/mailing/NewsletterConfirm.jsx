import MailLinkScreen from "../../components/MailLinkScreen";
import { config } from "../../lib/config";
import { useConfirmNewsletterMutation } from "./api";
import { CONFIRM_FAILED } from "./messages";

// /newsletter/confirm/:token, where the link of the newsletter's confirmation mail leads (double
// opt-in).
export default function NewsletterConfirm() {
  return (
    <MailLinkScreen
      title="Newsletter"
      question={`Get the ${config.shopName} newsletter at this address?`}
      actionLabel="Confirm my subscription"
      useAction={useConfirmNewsletterMutation}
      failed={CONFIRM_FAILED}
    />
  );
}
