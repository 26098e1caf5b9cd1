// Google Identity Services, Google's own sign-in button: its script is fetched only by the sign-in page of
// a shop that set GOOGLE_CLIENT_ID (the Content-Security-Policy allows its origin only then), once.
export const GIS_SCRIPT = "https://accounts.google.com/gsi/client";

let loading = null;

export function loadGoogleIdentityServices(doc = document) {
  loading ??= new Promise((resolve, reject) => {
    const script = doc.createElement("script");
    script.src = GIS_SCRIPT;
    script.async = true;
    script.onload = () =>
      window.google?.accounts?.id ? resolve(window.google.accounts.id) : reject(new Error());
    script.onerror = () => {
      // A later visit of the page may try again (a network that came back).
      loading = null;
      script.remove();
      reject(new Error("Google's sign-in could not be loaded."));
    };
    doc.head.append(script);
  });
  return loading;
}

// Tests start each case with Google's script not yet asked for.
export function forgetGoogleIdentityServices() {
  loading = null;
}
