import MailLinkScreen from "../../components/MailLinkScreen";
import { useUnsubscribeStockAlertMutation } from "./api";
import { STOCK_UNSUBSCRIBE_FAILED } from "./messages";

// /unsubscribe/stock/:token, where the link in a back-in-stock mail leads (issue 19).
export default function StockUnsubscribe() {
  return (
    <MailLinkScreen
      title="Unsubscribe"
      question="Stop getting mail about this size of this shoe?"
      actionLabel="Unsubscribe"
      useAction={useUnsubscribeStockAlertMutation}
      failed={STOCK_UNSUBSCRIBE_FAILED}
    />
  );
}
