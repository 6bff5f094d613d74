import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A passkey authenticator in software, for server tests that cannot drive a browser: a real
 * P-256 key pair, real CBOR and real ES256 signatures over what WebAuthn signs, so
 * @simplewebauthn/server verifies its answers exactly as it verifies a device's. Only the
 * "none" attestation and what the ceremonies need are written; the browser tests use
 * Chromium's own virtual authenticator.
 */

/** CBOR (RFC 8949) for the few types WebAuthn uses here: integers, bytes, text, maps. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) {
    parts.push(cbor(key), cbor(item as Parameters<typeof cbor>[0]));
  }
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64url = (data: Buffer) => data.toString("base64url");

export interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
}

export interface SoftwareAuthenticator {
  /** The credential id, base64url. */
  readonly id: string;
  /** The signature counter the next assertion reports (tests may set it back: a clone). */
  counter: number;
  /** navigator.credentials.create()'s answer, as @simplewebauthn/browser sends it. */
  register(options: CeremonyOptions, origin: string): Record<string, unknown>;
  /** navigator.credentials.get()'s answer, as @simplewebauthn/browser sends it. */
  authenticate(options: CeremonyOptions, origin: string): Record<string, unknown>;
}

export function createSoftwareAuthenticator(userHandle = "user"): SoftwareAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = randomBytes(32);
  const jwk = (publicKey as KeyObject).export({ format: "jwk" });
  // COSE_Key: kty EC2, alg ES256, crv P-256, x, y.
  const coseKey = cbor(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  const clientData = (type: string, options: CeremonyOptions, origin: string) =>
    Buffer.from(
      JSON.stringify({ type, challenge: options.challenge, origin, crossOrigin: false }),
      "utf8",
    );
  const authData = (rpId: string, counter: number, attested?: Buffer) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    // User present (0x01) and verified (0x04); attested credential data follows (0x40).
    const flags = Buffer.from([0x01 | 0x04 | (attested ? 0x40 : 0)]);
    return Buffer.concat([sha256(rpId), flags, count, ...(attested ? [attested] : [])]);
  };
  const rpIdOf = (options: CeremonyOptions, origin: string) =>
    options.rp?.id ?? options.rpId ?? new URL(origin).hostname;

  const authenticator: SoftwareAuthenticator = {
    id: b64url(credentialId),
    counter: 1,
    register(options, origin) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]);
      const attestationObject = cbor(
        new Map<string, unknown>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData(rpIdOf(options, origin), 0, attested)],
        ]),
      );
      return {
        id: authenticator.id,
        rawId: authenticator.id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options, origin)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    authenticate(options, origin) {
      const data = authData(rpIdOf(options, origin), authenticator.counter);
      authenticator.counter += 1;
      const client = clientData("webauthn.get", options, origin);
      const signature = sign("sha256", Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: authenticator.id,
        rawId: authenticator.id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle: b64url(Buffer.from(userHandle, "utf8")),
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
  return authenticator;
}
