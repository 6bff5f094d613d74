import type { CollectionDefinition } from "../../common/content/collections.js";
import { controlCharacterMessage, isCleanText } from "../../common/text.js";
import { z } from "../../common/zod.js";
import type { LightMyRequestResponse } from "fastify";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test-support/test-app.js";
import type { TestDatabase } from "../test-support/test-database.js";

/**
 * A small registry for the store's own tests: the store's rules (drafts, versions, revisions,
 * order) do not depend on what the real collections hold, and these stay put while those grow.
 */
const text = (label: string, max: number, multiline = false) =>
  z
    .string({ error: `${label} is required` })
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((value) => isCleanText(value, { multiline }), {
      error: controlCharacterMessage(label),
    });

const site = z.strictObject({
  name: text("Organisation name", 100),
  tagline: text("Tagline", 300, true),
});
const course = z.strictObject({
  id: z.int({ error: "Number must be a whole number" }).min(1),
  title: text("Title", 120),
  description: text("Description", 2000, true),
});
const member = z.strictObject({ name: text("Name", 100), bio: z.string().max(20_000).optional() });

export const TEST_COLLECTIONS: readonly CollectionDefinition[] = [
  {
    name: "site",
    label: "Site settings",
    kind: "singleton",
    schema: site,
    seed: [{ name: "Learning Design Co.", tagline: "Learning that works" }],
  },
  {
    name: "courses",
    label: "Courses",
    kind: "list",
    schema: course,
    seed: [
      { id: 8, title: "Course eight", description: "The first course." },
      { id: 1, title: "Course one", description: "The second course." },
      { id: 3, title: "Course three", description: "The third course." },
    ],
  },
  {
    name: "team",
    label: "Team",
    kind: "list",
    schema: member,
    seed: [{ name: "Ada" }, { name: "Grace" }],
  },
];

/** The headers of a JSON request from the site's own origin. */
export const JSON_HEADERS = { "content-type": "application/json", origin: TEST_ORIGIN };

export interface ContentTestApp {
  t: TestApp;
  /** The staff session's Cookie header value. */
  cookie: string;
  /** Sends `payload` as JSON from the staff session, with `headers` added. */
  request(
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
}

/** A test app whose content store holds TEST_COLLECTIONS on `database`, logged in as staff. */
export async function startContentTestApp(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<ContentTestApp> {
  const t = await createTestApp({
    database,
    env,
    cheapPasswords: true,
    deps: {
      contentStore: { collections: TEST_COLLECTIONS, pollIntervalMs: 100 },
    },
  });
  const cookie = await t.login();
  return {
    t,
    cookie,
    request: (method, url, payload, headers = {}) =>
      t.app.inject({
        method,
        url,
        headers: { ...JSON_HEADERS, cookie, ...headers },
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      }),
  };
}
