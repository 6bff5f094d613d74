import fc from "fast-check";
import { TEST_ORIGIN } from "../test-support/test-app.js";
import type { Endpoint } from "./test-fuzz-endpoints.js";

// The random requests of the API fuzz test (api-fuzz.test.ts): nasty text, numbers and JSON
// shapes, bodies and queries shaped by each endpoint's fields, odd headers.

/** Text that is hard on parsers and databases: controls, astral, lone surrogates, long runs. */
const nastyText = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "\u0000",
      "x\u0000y",
      "\u0007\u001b[31m",
      "\u007f\u0085\u009f",
      "\ud800",
      "\udfff",
      "😀🦉𝒯",
      "\u202e\u200b\ufeff",
      "line\r\nbreak\ttab",
      "<script>alert(1)</script>",
      "'; drop table site_updates; --",
      "javascript:alert(1)",
      "https://example.org/a",
      "2025-05-01T10:00:00.000Z",
      "(206) 555-0100",
      "avery@example.org",
      "news",
      "published",
      "STOP",
      "",
      " ",
    ),
  },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 1, arbitrary: fc.nat({ max: 20_000 }).map((n) => "é".repeat(n)) },
);

const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -Number.MAX_VALUE, 1e308, 5e-324, -0, 0, 1, 20, 21),
);

const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    nastyText,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(nastyText, tie("value"), { maxKeys: 4 }),
  ),
})).value;

function bodyFor(endpoint: Endpoint): fc.Arbitrary<{ body?: string | Buffer; type?: string }> {
  const { fields } = endpoint;
  const knownKey = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant("x");
  const object = fc.dictionary(fc.oneof(knownKey, knownKey, nastyText), nastyValue, {
    maxKeys: 8,
  });
  const jsonText = fc.oneof(
    object.map((value) => JSON.stringify(value)),
    nastyValue.map((value) => JSON.stringify(value) ?? "null"),
    // Duplicate keys: the last one wins in JSON.parse; the first one must not sneak through.
    fc
      .tuple(knownKey, nastyValue, nastyValue)
      .map(([key, a, b]) => `{"${key}":${JSON.stringify(a)},"${key}":${JSON.stringify(b)}}`),
    fc.constantFrom(
      "",
      "{",
      "[",
      '{"a":',
      "nul",
      "1e999",
      "-1e999",
      "123456789012345678901234567890",
      "[".repeat(3000) + "]".repeat(3000),
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"x":1}}}',
      "\u0000",
      "\ufeff{}",
      "x".repeat(17 * 1024),
    ),
    fc.string({ unit: "binary", maxLength: 60 }),
  );
  const type = fc.constantFrom(
    "application/json",
    "application/json",
    "application/json; charset=utf-8",
    "application/json; charset=utf-16",
    "APPLICATION/JSON",
    "application/vnd.api+json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=xyz",
    "application/octet-stream",
    "",
  );
  // A valid body with a few fields changed, removed or added.
  const nearlyValid = fc
    .tuple(
      fc.constant(endpoint.valid ?? {}),
      fc.dictionary(
        fc.oneof({ weight: 4, arbitrary: knownKey }, { weight: 1, arbitrary: nastyText }),
        fc.oneof({ weight: 3, arbitrary: nastyText }, { weight: 1, arbitrary: nastyValue }),
        { minKeys: 1, maxKeys: 2 },
      ),
      fc.subarray(Object.keys(endpoint.valid ?? {}), {
        maxLength: Math.min(2, Object.keys(endpoint.valid ?? {}).length),
      }),
    )
    .map(([valid, changes, removed]) => {
      const body: Record<string, unknown> = { ...valid, ...changes };
      for (const key of removed) delete body[key];
      return { body: JSON.stringify(body), type: "application/json" };
    });
  return fc.oneof(
    endpoint.ownBodies ?? nearlyValid,
    endpoint.ownBodies ?? nearlyValid,
    nearlyValid,
    fc.record({ body: jsonText, type }),
    fc.record({ body: jsonText }),
    fc.constant({}),
    fc.record({
      body: fc
        .array(fc.tuple(fc.oneof(knownKey, nastyText), nastyText), { maxLength: 5 })
        .map((pairs) => new URLSearchParams(pairs).toString()),
      type: fc.constant("application/x-www-form-urlencoded"),
    }),
  );
}

const queryFor = (fields: readonly string[]) =>
  fc
    .array(
      fc.tuple(
        fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), nastyText) : nastyText,
        fc.oneof(nastyText, nastyNumber.map(String)),
      ),
      { maxLength: 4 },
    )
    .map((pairs) => (pairs.length > 0 ? `?${new URLSearchParams(pairs).toString()}` : ""));

/** Printable header values a client might send (HTTP itself refuses control characters). */
const headerText = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) }),
  fc.constantFrom("", "null", "x".repeat(4000), "http://localhost", "https://evil.example"),
);

export function caseFor(endpoint: Endpoint) {
  return fc.record({
    endpoint: fc.constant(endpoint),
    id: fc.oneof(
      fc.constantFrom("known-update", "known-message", "known-media"),
      fc.constantFrom("known-update", "known-message", "known-course", "known-site"),
      fc.uuid(),
      nastyText.map(encodePathSegment),
    ),
    query: queryFor(endpoint.fields),
    body: bodyFor(endpoint),
    origin: fc.oneof(fc.constant(TEST_ORIGIN), fc.constant(TEST_ORIGIN), headerText),
    extraHeaders: fc.dictionary(
      fc.constantFrom("user-agent", "referer", "x-forwarded-for", "accept", "if-none-match"),
      headerText,
      { maxKeys: 3 },
    ),
    withSession: endpoint.admin ? fc.constantFrom(true, true, true, false) : fc.constant(false),
  });
}

/** Percent-encodes a path segment; a lone surrogate becomes an invalid UTF-8 sequence. */
function encodePathSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}
