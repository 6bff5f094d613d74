import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Twilio's request signature (X-Twilio-Signature), the preferred way to authenticate the SMS
 * webhook: base64 of HMAC-SHA1, keyed with the account's auth token, over the full URL Twilio
 * requested followed by every POST parameter as name then value, sorted by name (a repeated
 * name contributes each of its values, in sorted order).
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: ReadonlyArray<readonly [string, string]>,
): string {
  const sorted = [...params].sort(([nameA, valueA], [nameB, valueB]) =>
    nameA === nameB ? compare(valueA, valueB) : compare(nameA, nameB),
  );
  const hmac = createHmac("sha1", authToken).update(url);
  for (const [name, value] of sorted) hmac.update(name + value);
  return hmac.digest("base64");
}

/** Code-unit order, like JavaScript's default sort (what Twilio's own helpers use). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True when `presented` is the signature of this request; compared in constant time. */
export function twilioSignatureMatches(
  presented: string | undefined,
  authToken: string,
  url: string,
  params: ReadonlyArray<readonly [string, string]>,
): boolean {
  if (!presented) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
