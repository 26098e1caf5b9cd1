import { config } from "../../../lib/config";
import { createLocalIdentity } from "./local";

let identity = null;

// The shop's identity provider (docs/DESIGN.md §4). Firebase's SDK is fetched only when the shop uses
// it, so a shop on local accounts never downloads it.
export function loadIdentity(settings = config) {
  identity ??=
    settings.identityProvider === "firebase"
      ? import(/* webpackChunkName: "firebase-identity" */ "./firebase").then((module) =>
          module.createFirebaseIdentity(settings.firebaseConfig),
        )
      : Promise.resolve(createLocalIdentity({ user: settings.user }));
  return identity;
}

// Tests start each case with a provider of their own.
export function setIdentity(provider) {
  identity = provider && Promise.resolve(provider);
}
