import { useEffect, useRef } from "react";

const SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
let loading = null;

function turnstile() {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => resolve(window.turnstile);
    script.onerror = () => {
      loading = null;
      reject(new Error("The challenge could not load."));
    };
    document.head.appendChild(script);
  });
  return loading;
}

// Cloudflare Turnstile's widget, only where the shop has a site key (the server verifies its token): `onToken`
// gets each new token, and "" when one expires.
export default function Turnstile({ siteKey, onToken }) {
  const box = useRef(null);
  useEffect(() => {
    let widget = null;
    let gone = false;
    turnstile()
      .then((api) => {
        if (gone || !box.current) return;
        widget = api.render(box.current, {
          sitekey: siteKey,
          callback: onToken,
          "expired-callback": () => onToken(""),
        });
      })
      .catch(() => onToken(""));
    return () => {
      gone = true;
      if (widget !== null) window.turnstile?.remove(widget);
    };
  }, [siteKey, onToken]);
  return <div ref={box} className="turnstile" />;
}
