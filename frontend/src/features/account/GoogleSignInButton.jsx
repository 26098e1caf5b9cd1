import { useEffect, useRef } from "react";
import { errorPopup } from "../../lib/popup";
import { loadGoogleIdentityServices } from "./identity/googleIdentityServices";
import { GOOGLE_UNAVAILABLE } from "./messages";

// Google's own "Sign in with Google" button (Google Identity Services), drawn by Google's script in the
// box below. When the shopper has chosen their Google account, Google hands this page an ID token
// (`credential`), which onCredential posts to the shop; the server checks it (docs/DESIGN.md §4).
export default function GoogleSignInButton({ clientId, onCredential }) {
  const box = useRef(null);
  // The latest callback, without drawing the button again when the page re-renders.
  const latest = useRef(onCredential);
  useEffect(() => {
    latest.current = onCredential;
  });

  useEffect(() => {
    let left = false;
    loadGoogleIdentityServices().then(
      (googleId) => {
        if (left || !box.current) return;
        googleId.initialize({
          client_id: clientId,
          callback: ({ credential }) => latest.current(credential),
        });
        googleId.renderButton(box.current, {
          type: "standard",
          theme: "filled_black",
          size: "large",
          text: "signin_with",
          shape: "rectangular",
          width: 280,
        });
      },
      () => !left && errorPopup(GOOGLE_UNAVAILABLE),
    );
    return () => {
      left = true;
    };
  }, [clientId]);

  // Google's button is 40 px tall: the box keeps its place while the script loads, so nothing moves.
  return <div ref={box} className="google-sign-in" data-testid="google-sign-in" />;
}
