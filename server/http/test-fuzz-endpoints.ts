import fc from "fast-check";
import { drawnImage, multipartBody, MULTIPART_TYPE, type FormPart } from "../media/test-images.js";

// The endpoints the API fuzz test (api-fuzz.test.ts) sends random requests to: every public and
// staff route, with the fields each knows and a valid body the fuzzer varies.

type Method = "GET" | "POST" | "PATCH" | "DELETE" | "PUT";

export interface Endpoint {
  method: Method;
  /** `:id` is replaced by a known or a random id. */
  path: string;
  /** Field names the endpoint knows, so that random bodies often get past the first check. */
  fields: readonly string[];
  admin: boolean;
  /** A valid body, of which the fuzzer changes a few fields (reaching the deeper checks). */
  valid?: Record<string, unknown>;
  /** Bodies of the endpoint's own kind (multipart uploads), besides the JSON-ish ones. */
  ownBodies?: fc.Arbitrary<{ body?: string | Buffer; type?: string }>;
}

const VALID_UPDATE = {
  type: "news",
  title: "Fuzzed update",
  summary: "A summary.",
  url: "https://example.org/",
  image_url: null,
  status: "published",
  featured: true,
  published_at: "2025-05-01T10:00:00.000Z",
};

const UPDATE_FIELDS = [
  "type",
  "title",
  "summary",
  "url",
  "image_url",
  "status",
  "featured",
  "published_at",
  "id",
  "created_at",
];

/** A real image, so that some fuzzed uploads get through to processing and storage. */
export const TINY_PNG = await drawnImage(24, 16, "png");

/** multipart/form-data uploads: the known fields (and others) in any order, odd values, odd files. */
const mediaUploads = fc
  .array(
    fc.oneof(
      fc.record({
        name: fc.constantFrom("alt", "decorative", "alt", "caption"),
        value: fc.oneof(
          fc.string({ unit: "binary", maxLength: 12 }),
          fc.constantFrom("true", "on", "false", "A chart", "", " ", "\u0000", "x".repeat(500)),
        ),
      }),
      fc.record({
        name: fc.constantFrom("file", "file", "image"),
        filename: fc.constantFrom("a.png", "a.jpg", "", "../../etc/passwd", "\u00e9.avif"),
        type: fc.constantFrom("image/png", "image/jpeg", "text/plain", ""),
        data: fc.oneof(
          fc.constant(TINY_PNG),
          fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
          fc
            .uint8Array({ maxLength: 64 })
            .map((bytes) => Buffer.concat([TINY_PNG.subarray(0, 33), bytes])),
        ),
      }),
    ),
    { maxLength: 4 },
  )
  .chain((parts) =>
    fc.oneof(
      fc.constant(multipartBody(parts as FormPart[])),
      // Cut short anywhere.
      fc.nat().map((cut) => {
        const whole = multipartBody(parts as FormPart[]);
        return whole.subarray(0, cut % (whole.length + 1));
      }),
    ),
  )
  .map((body) => ({ body, type: MULTIPART_TYPE }));
const VALID_COURSE = {
  id: 77,
  title: "Fuzzed course",
  description: "A course.\nOn two lines.",
  variant: "both",
};

export const ENDPOINTS: readonly Endpoint[] = [
  { method: "GET", path: "/api/updates/featured", fields: ["limit"], admin: false },
  {
    method: "POST",
    path: "/api/contact",
    fields: ["firstName", "lastName", "email", "message", "website"],
    admin: false,
    valid: { firstName: "Avery", lastName: "Quill", email: "avery@example.org", message: "Hi" },
  },
  {
    method: "POST",
    path: "/api/sms/subscriptions",
    fields: ["phone", "source"],
    admin: false,
    valid: { phone: "(206) 555-0100", source: "/sms-opt-in" },
  },
  { method: "POST", path: "/api/sms/inbound", fields: ["From", "Body", "token"], admin: false },
  { method: "POST", path: "/api/session", fields: ["email", "password"], admin: false },
  { method: "GET", path: "/api/session", fields: [], admin: false },
  { method: "DELETE", path: "/api/session", fields: [], admin: false },
  { method: "GET", path: "/api/updates", fields: [], admin: true },
  {
    method: "POST",
    path: "/api/updates",
    fields: UPDATE_FIELDS,
    admin: true,
    valid: VALID_UPDATE,
  },
  {
    method: "PATCH",
    path: "/api/updates/:id",
    fields: UPDATE_FIELDS,
    admin: true,
    valid: VALID_UPDATE,
  },
  { method: "DELETE", path: "/api/updates/:id", fields: [], admin: true },
  { method: "GET", path: "/api/admin/messages", fields: ["limit", "before"], admin: true },
  { method: "POST", path: "/api/admin/messages/:id/retry", fields: [], admin: true },
  {
    method: "PATCH",
    path: "/api/admin/messages/:id",
    fields: ["spam"],
    admin: true,
    valid: { spam: true },
  },
  { method: "GET", path: "/api/admin/sms/subscribers", fields: ["limit", "before"], admin: true },
  { method: "GET", path: "/api/admin/sms/subscribers.csv", fields: [], admin: true },
  { method: "PUT", path: "/api/updates/:id", fields: UPDATE_FIELDS, admin: true },
  { method: "GET", path: "/api/media", fields: [], admin: true },
  {
    method: "POST",
    path: "/api/media",
    fields: ["alt", "decorative", "file"],
    admin: true,
    ownBodies: mediaUploads,
  },
  { method: "DELETE", path: "/api/media/:id", fields: [], admin: true },
  { method: "GET", path: "/media/:id", fields: [], admin: false },
  // Staff-managed content (docs/product.md section 14.1).
  { method: "GET", path: "/api/content", fields: [], admin: true },
  { method: "GET", path: "/api/content/courses", fields: [], admin: true },
  {
    method: "POST",
    path: "/api/content/courses",
    fields: ["data", "version"],
    admin: true,
    valid: { data: VALID_COURSE },
  },
  {
    method: "PUT",
    path: "/api/content/courses/:id",
    fields: ["data", "version", "position"],
    admin: true,
    valid: { data: VALID_COURSE, version: 1 },
  },
  {
    method: "PUT",
    path: "/api/content/site/:id",
    fields: ["data", "version"],
    admin: true,
    valid: { data: {}, version: 1 },
  },
  { method: "PUT", path: "/api/content/courses/order", fields: ["ids"], admin: true },
  {
    method: "POST",
    path: "/api/content/courses/:id/publish",
    fields: ["at", "version"],
    admin: true,
    valid: { at: "2099-01-01T00:00:00Z" },
  },
  { method: "DELETE", path: "/api/content/courses/:id/schedule", fields: [], admin: true },
  { method: "DELETE", path: "/api/content/courses/:id", fields: [], admin: true },
  { method: "DELETE", path: "/api/content/site/:id", fields: [], admin: true },
  { method: "POST", path: "/api/content/site", fields: ["data"], admin: true },
  { method: "GET", path: "/api/content/courses/:id/revisions", fields: [], admin: true },
  {
    method: "POST",
    path: "/api/content/courses/:id/revisions/1/restore",
    fields: ["version"],
    admin: true,
  },
  { method: "GET", path: "/api/texts", fields: [], admin: true },
  {
    method: "POST",
    path: "/api/texts",
    fields: ["body", "sendAt"],
    admin: true,
    valid: { body: "A fuzzed note for subscribers.", sendAt: "2031-05-01T10:00:00-07:00" },
  },
  { method: "GET", path: "/api/texts/:id", fields: [], admin: true },
  { method: "DELETE", path: "/api/texts/:id", fields: [], admin: true },
  { method: "GET", path: "/api/texts/reminders/:id", fields: [], admin: true },
  {
    method: "PUT",
    path: "/api/texts/reminders/:id",
    fields: ["enabled", "lead", "body"],
    admin: true,
    valid: { enabled: true, lead: "1d", body: null },
  },
  { method: "GET", path: "/api/sms/settings", fields: [], admin: true },
  {
    method: "PUT",
    path: "/api/sms/settings",
    fields: ["sendHours"],
    admin: true,
    valid: { sendHours: { from: "09:00", to: "20:00" } },
  },
  { method: "GET", path: "/api/statistics", fields: ["from", "to"], admin: true },
  { method: "GET", path: "/api/statistics.csv", fields: ["from", "to"], admin: true },
  { method: "GET", path: "/api/redirects", fields: [], admin: true },
  {
    method: "POST",
    path: "/api/redirects",
    fields: ["from", "to"],
    admin: true,
    valid: { from: "/an-old-fuzzed-page", to: "/about-desktop" },
  },
  { method: "DELETE", path: "/api/redirects/:id", fields: [], admin: true },
];
