import { useEffect } from "react";
import { config } from "./config";

// The browser tab's title for a screen: "What | Shop", or the shop's name alone.
export function useDocumentTitle(what) {
  useEffect(() => {
    document.title = what ? `${what} | ${config.shopName}` : config.shopName;
  }, [what]);
}
