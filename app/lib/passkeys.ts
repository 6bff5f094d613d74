import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";

/**
 * The browser's side of the passkey ceremonies (decision 032), for the staff pages only. The
 * WebAuthn library is imported when a ceremony starts, never at load: its chunk is fetched by a
 * staff page on the first passkey button pressed, and no public page or island can pull it in.
 */

export type PasskeyCreationOptions = PublicKeyCredentialCreationOptionsJSON;
export type PasskeyRequestOptions = PublicKeyCredentialRequestOptionsJSON;
export type PasskeyRegistration = RegistrationResponseJSON;
export type PasskeyAssertion = AuthenticationResponseJSON;

/** Thrown when the browser offers no WebAuthn, or the person cancelled or let it time out. */
export class PasskeyCeremonyError extends Error {}

const NO_WEBAUTHN = "This browser cannot use passkeys.";
const CANCELLED = "The passkey was not used: it was cancelled or took too long.";

async function library() {
  const webauthn = await import("@simplewebauthn/browser");
  if (!webauthn.browserSupportsWebAuthn()) throw new PasskeyCeremonyError(NO_WEBAUTHN);
  return webauthn;
}

function explain(error: unknown): never {
  if (error instanceof PasskeyCeremonyError) throw error;
  // The browser's own errors (NotAllowedError: cancelled, timed out, or no passkey for this site).
  console.info("Passkey ceremony ended", error);
  throw new PasskeyCeremonyError(CANCELLED);
}

/** navigator.credentials.create() with the server's options. */
export async function createPasskey(options: PasskeyCreationOptions): Promise<PasskeyRegistration> {
  try {
    return await (await library()).startRegistration({ optionsJSON: options });
  } catch (error) {
    return explain(error);
  }
}

/** navigator.credentials.get() with the server's options. */
export async function getPasskey(options: PasskeyRequestOptions): Promise<PasskeyAssertion> {
  try {
    return await (await library()).startAuthentication({ optionsJSON: options });
  } catch (error) {
    return explain(error);
  }
}
