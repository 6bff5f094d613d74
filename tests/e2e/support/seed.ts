/**
 * Seeds featured updates through the real API (admin login, then POST /api/updates), and
 * removes them again, so a spec sees the featured strip with content without leaving data
 * behind for the specs that run after it on the same server.
 */
import type { APIRequestContext, PlaywrightWorkerArgs, TestInfo } from "@playwright/test";

export interface SeededUpdates {
  readonly ids: readonly string[];
  /** Their titles, in the same order. */
  readonly titles: readonly string[];
  /** Deletes the seeded updates and disposes of the API context. */
  remove(): Promise<void>;
}

/** The base URL of the server under test, from the Playwright project. */
export function baseUrlOf(testInfo: TestInfo): string {
  const baseURL = testInfo.project.use.baseURL;
  if (!baseURL) throw new Error("playwright.config.ts sets no baseURL");
  return baseURL;
}

/** An API context logged in as admin, sending the site's own Origin on unsafe requests. */
export async function adminApi(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
): Promise<APIRequestContext> {
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!password) throw new Error("E2E_ADMIN_PASSWORD is not set (playwright.config.ts sets it)");
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: new URL(baseURL).origin, Accept: "application/json" },
  });
  const login = await api.post("/api/session", { data: { email: ADMIN_EMAIL, password } });
  if (login.status() !== 204) {
    await api.dispose();
    throw new Error(`admin login failed: ${login.status()} ${await login.text()}`);
  }
  return api;
}

/** Creates `count` published, featured updates (the first with a link, the rest without). */
export async function seedFeaturedUpdates(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
  count = 2,
): Promise<SeededUpdates> {
  const api = await adminApi(playwright, baseURL);
  const ids: string[] = [];
  const titles: string[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const response = await api.post("/api/updates", {
        data: {
          type: i === 0 ? "news" : "current_project",
          title: `Site check update ${i + 1}`,
          summary:
            i === 0
              ? "Registration is open for the Currents of Care community mural gathering."
              : "We are co-designing a new games-based learning program with a public library.",
          url: i === 0 ? "https://example.org/news/currents-of-care" : null,
          image_url: null,
          status: "published",
          featured: true,
          published_at: new Date(Date.now() - i * 60_000).toISOString(),
        },
      });
      if (response.status() !== 201) {
        throw new Error(`seeding an update failed: ${response.status()} ${await response.text()}`);
      }
      const created = (await response.json()) as { id: string; title: string };
      ids.push(created.id);
      titles.push(created.title);
    }
  } catch (error) {
    await removeUpdates(api, ids);
    await api.dispose();
    throw error;
  }
  return {
    ids,
    titles,
    async remove() {
      try {
        await removeUpdates(api, ids);
      } finally {
        await api.dispose();
      }
    },
  };
}

async function removeUpdates(api: APIRequestContext, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const response = await api.delete(`/api/updates/${encodeURIComponent(id)}`);
    if (response.status() !== 204 && response.status() !== 404) {
      throw new Error(`removing seeded update ${id} failed: ${response.status()}`);
    }
  }
}

/** The owner's password of the server under test (playwright.config.ts sets it). */
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? "";
/** The owner's email of the server under test (playwright.config.ts sets it). */
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? "";

/** Text no other record on the shared server carries: "E2E <label> <time><random>". */
export function uniqueMarker(label: string): string {
  return `E2E ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * A 10-digit number no other run will use: area code `<first>xx`, random rest. Each spec takes
 * its own first digit, so specs sharing the server never pick the same number.
 */
export function uniquePhone(first: "2" | "3" | "4" | "5"): string {
  const rest = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
  return `${first}${String(Math.floor(Math.random() * 100)).padStart(2, "0")}${rest}`;
}
