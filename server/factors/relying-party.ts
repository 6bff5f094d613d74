import type { FastifyRequest } from "fastify";
import type { WebAuthnCredential } from "@simplewebauthn/server";
import { expectedOrigin } from "../http/origin-check.js";
import type { Passkey } from "./factor-repository.js";

/**
 * The WebAuthn library, loaded by the first passkey request (decision 031): with its ASN.1 and
 * X.509 dependencies it is about 2 MB of heap that a page-serving process otherwise never uses.
 */
export function webAuthnLibrary(): Promise<typeof import("@simplewebauthn/server")> {
  return import("@simplewebauthn/server");
}

/** How long a passkey ceremony's challenge holds (the browser's own timeout is 60 s). */
export const PASSKEY_CHALLENGE_TTL_MS = 2 * 60 * 1000;
/**
 * The signature algorithms offered and accepted: EdDSA, ES256 and RS256 (COSE ids), what
 * authenticators use. Named here so the library does not probe the runtime for ML-DSA, an
 * experimental Web Crypto algorithm that makes Node print a warning.
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];
/** What the browser is told to wait for the authenticator. */
export const PASSKEY_TIMEOUT_MS = 60_000;

/**
 * The relying party a passkey is bound to (decision 032): the origin is PUBLIC_ORIGIN, or else
 * the request's own (its host is one the host check allows, and the Origin check has already
 * required the browser's Origin to equal it); the RP ID is that origin's host name. A passkey
 * made under one host name does not work under another, so an install that is reached by a new
 * name needs its passkeys added again.
 */
export function relyingParty(
  request: FastifyRequest,
  publicOrigin: string | undefined,
): { origin: string; rpID: string } {
  const origin = expectedOrigin(request, publicOrigin);
  return { origin, rpID: new URL(origin).hostname };
}

/** A stored passkey in the form @simplewebauthn/server verifies against. */
export function webAuthnCredential(passkey: Passkey): WebAuthnCredential {
  return {
    id: passkey.id,
    publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
    counter: passkey.counter,
    ...(passkey.transports ? { transports: JSON.parse(passkey.transports) as string[] } : {}),
  };
}

/** An account id as the WebAuthn user handle (opaque bytes, no personal data). */
export function userHandle(accountId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(accountId, "utf8"));
}
