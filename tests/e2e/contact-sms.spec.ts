import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { waitForPageReady } from "./support/page";
import { VIEWPORTS } from "./support/routes";
import { adminApi, baseUrlOf, uniqueMarker, uniquePhone } from "./support/seed";

/**
 * The contact form and the SMS opt-in against the real server (stored first, then delivered by
 * the outbox; MAIL_TRANSPORT is `log` in the e2e server, so every message is "sent" at once).
 * Other specs share the server: every record here carries a unique marker.
 */

const WEBHOOK_TOKEN = "e2e-webhook-token"; // playwright.config.ts sets SMS_WEBHOOK_TOKEN
const { mobile: MOBILE, desktop: DESKTOP } = VIEWPORTS;

interface StoredMessage {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  status: string;
}

async function storedMessage(
  api: APIRequestContext,
  text: string,
): Promise<StoredMessage | undefined> {
  const response = await api.get("/api/admin/messages?limit=200");
  expect(response.status()).toBe(200);
  const { messages } = (await response.json()) as { messages: StoredMessage[] };
  return messages.find((message) => message.message === text);
}

async function openContact(page: Page, path: "/contact-desktop" | "/contact-mobile") {
  await page.setViewportSize(path === "/contact-mobile" ? MOBILE : DESKTOP);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
  // The form only posts once React handles it.
  await waitForPageReady(page);
}

async function fillContact(page: Page, message: string) {
  await page.getByLabel("First name").fill("Avery");
  await page.getByLabel("Last name").fill("Quill");
  await page.getByLabel("Email").fill("avery@example.org");
  await page.getByLabel("Message").fill(message);
}

test.describe("contact form", () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await adminApi(playwright, baseUrlOf(testInfo));
  });
  test.afterAll(async () => {
    await api.dispose();
  });

  for (const path of ["/contact-desktop", "/contact-mobile"] as const) {
    test(`${path}: the message is stored and delivered; success shown and fields cleared`, async ({
      page,
    }) => {
      const text = uniqueMarker(`contact ${path}`);
      await openContact(page, path);
      await fillContact(page, text);
      const answer = page.waitForResponse((response) => response.url().endsWith("/api/contact"));
      await page.getByRole("button", { name: "Submit" }).click();
      expect((await answer).status()).toBe(202);

      const success = page.getByRole("status").filter({ hasText: "Message sent successfully!" });
      await expect(success).toBeVisible();
      for (const label of ["First name", "Last name", "Email", "Message"]) {
        await expect(page.getByLabel(label)).toHaveValue("");
      }
      await expect
        .poll(async () => (await storedMessage(api, text))?.status, { timeout: 10_000 })
        .toBe("sent");
      expect(await storedMessage(api, text)).toMatchObject({
        firstName: "Avery",
        lastName: "Quill",
        email: "avery@example.org",
      });
    });
  }

  test("a server error or a network failure shows the failure text and keeps the fields", async ({
    page,
  }) => {
    await openContact(page, "/contact-desktop");
    const text = uniqueMarker("contact failure");
    await fillContact(page, text);

    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":{"code":"x","message":"x"}}',
      }),
    );
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to send message. Please try again.");
    await expect(page.getByLabel("Message")).toHaveValue(text);

    await page.unroute("**/api/contact");
    await page.route("**/api/contact", (route) => route.abort("internetdisconnected"));
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert")).toHaveText("Failed to send message. Please try again.");
    await expect(page.getByLabel("First name")).toHaveValue("Avery");
    await page.unroute("**/api/contact");

    // Submitting again resets to sending and, this time, succeeds.
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Message sent successfully!")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("shows 'Sending...' on a disabled button while the request is under way", async ({
    page,
  }) => {
    await openContact(page, "/contact-desktop");
    await fillContact(page, uniqueMarker("contact sending"));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/contact", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
    release();
    await expect(page.getByText("Message sent successfully!")).toBeVisible();
  });

  test("the honeypot is neither visible nor in the accessibility tree", async ({ page }) => {
    await openContact(page, "/contact-desktop");
    const trap = page.locator('input[name="website"]');
    await expect(trap).toHaveCount(1);
    await expect(trap).not.toBeInViewport();
    await expect(page.getByRole("textbox")).toHaveCount(4);
  });
});

test.describe("SMS opt-in", () => {
  let api: APIRequestContext;
  test.beforeAll(async ({ playwright }, testInfo) => {
    api = await adminApi(playwright, baseUrlOf(testInfo));
  });
  test.afterAll(async () => {
    await api.dispose();
  });

  async function openOptIn(page: Page) {
    await page.setViewportSize(DESKTOP);
    await page.goto("/sms-opt-in");
    await waitForPageReady(page);
  }

  test("validates as docs/product.md says, then stores the number with its consent record", async ({
    page,
  }) => {
    await openOptIn(page);
    const phone = page.getByRole("textbox", { name: "Phone number" });
    const subscribe = page.getByRole("button", { name: "Subscribe" });

    await subscribe.click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid phone number");
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toBeFocused();

    await phone.fill("555-01");
    await expect(page.getByRole("alert")).toHaveCount(0); // typing clears the error
    await subscribe.click();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid 10-digit phone number");

    const digits = uniquePhone("2");
    await phone.fill(`(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`);
    await subscribe.click();
    await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    await expect(page.getByText(/STOP/).first()).toBeVisible();

    const response = await api.get("/api/admin/sms/subscribers");
    const { subscribers } = (await response.json()) as {
      subscribers: Array<{
        phone: string;
        status: string;
        source: string;
        consentText: string;
        userAgent: string;
      }>;
    };
    const stored = subscribers.find((subscriber) => subscriber.phone === `+1${digits}`);
    expect(stored).toMatchObject({ status: "subscribed", source: "/sms-opt-in" });
    expect(stored?.userAgent).toMatch(/Chrom/);
    // The consent text stored is the one the page showed.
    await page.goto("/sms-opt-in");
    await expect(page.getByText(stored!.consentText, { exact: true })).toBeVisible();
  });

  test("subscribing the same number twice keeps one record; STOP and START by text", async ({
    page,
    request,
  }) => {
    const digits = uniquePhone("2");
    for (let round = 0; round < 2; round += 1) {
      await openOptIn(page);
      await page.getByRole("textbox", { name: "Phone number" }).fill(digits);
      await page.getByRole("button", { name: "Subscribe" }).click();
      await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    }
    const statusOf = async () => {
      const { subscribers } = (await (await api.get("/api/admin/sms/subscribers")).json()) as {
        subscribers: Array<{ phone: string; status: string }>;
      };
      return subscribers
        .filter((subscriber) => subscriber.phone === `+1${digits}`)
        .map((s) => s.status);
    };
    expect(await statusOf()).toEqual(["subscribed"]);

    const text = (body: string, token = WEBHOOK_TOKEN) =>
      request.post(`/api/sms/inbound?token=${encodeURIComponent(token)}`, {
        form: { From: `+1${digits}`, Body: body },
      });
    expect((await text("STOP", "wrong")).status()).toBe(401);
    const stop = await text(" stop ");
    expect(stop.status()).toBe(200);
    expect(stop.headers()["content-type"]).toContain("text/xml");
    expect(await statusOf()).toEqual(["unsubscribed"]);
    // The web form after a STOP: thanked as ever, recorded, but the STOP stands until START.
    await openOptIn(page);
    await page.getByRole("textbox", { name: "Phone number" }).fill(digits);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
    expect(await statusOf()).toEqual(["unsubscribed"]);
    expect((await text("START")).status()).toBe(200);
    expect(await statusOf()).toEqual(["subscribed"]);
    const help = await text("HELP");
    expect(await help.text()).toMatch(/<Message>.*STOP.*<\/Message>/);
  });

  test("a server failure shows a retry message and keeps the number", async ({ page }) => {
    await openOptIn(page);
    await page.route("**/api/sms/subscriptions", (route) =>
      route.fulfill({ status: 503, body: "down" }),
    );
    const digits = uniquePhone("2");
    await page.getByRole("textbox", { name: "Phone number" }).fill(digits);
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "We could not save your number. Please try again.",
    );
    await expect(page.getByRole("textbox", { name: "Phone number" })).toHaveValue(digits);
  });
});
