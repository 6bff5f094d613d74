import {
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
} from "@playwright/test";
import { axeViolations, formatViolations, pageFailures } from "./support/axe";
import { unlockStaffPage } from "./support/page";
import { VIEWPORTS } from "./support/routes";
import { ADMIN_EMAIL, ADMIN_PASSWORD, baseUrlOf, uniqueMarker, uniquePhone } from "./support/seed";

/**
 * The staff views against the real server: the staff shell around every staff page (lock screen,
 * navigation, Logout), the inbox (/admin/messages), the SMS subscriber list (/admin/subscribers)
 * and the content overview (/admin/content; the editors are in content-editors.spec.ts). Records are created through the public API with unique
 * markers, since other specs share the server.
 */

test.describe.configure({ mode: "serial" });

/** A visitor's API context: same-origin writes, like the browser's forms. */
function visitorApi(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string,
): Promise<APIRequestContext> {
  return playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: new URL(baseURL).origin },
  });
}

function messageArticle(page: Page, text: string): Locator {
  return page.getByRole("article").filter({ hasText: text });
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** Every staff page (one path per page) and its h1. */
const STAFF_PAGES = [
  ["/admin/updates", "Site updates"],
  ["/admin/messages", "Messages"],
  ["/admin/subscribers", "SMS subscribers"],
  ["/admin/texts", "Texts"],
  ["/admin/content", "Content"],
  ["/admin/media", "Media library"],
  ["/admin/statistics", "Statistics"],
  ["/admin/redirects", "Redirects"],
  ["/admin/audit", "Audit log"],
  ["/admin/staff", "Staff"],
  ["/admin/account", "Your account"],
] as const;

/** The staff navigation in order: the staff home first, then the pages above. */
const NAV_PAGES = [["/admin", "Home"], ...STAFF_PAGES] as const;

function staffNav(page: Page): Locator {
  return page.getByRole("navigation", { name: "Staff pages" });
}

/** Ends the browser's admin session behind the page's back, as the server's idle timeout does. */
async function endSessionOnServer(page: Page): Promise<void> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.delete("/api/session", { headers: { Origin: origin } });
  expect(response.status()).toBe(204);
}

test.describe("staff views", () => {
  let visitor: APIRequestContext;
  const sentText = uniqueMarker("inbox sent");
  const spamText = uniqueMarker("inbox spam");
  const phone = uniquePhone("3");

  test.beforeAll(async ({ playwright }, testInfo) => {
    visitor = await visitorApi(playwright, baseUrlOf(testInfo));
    const sent = await visitor.post("/api/contact", {
      data: {
        firstName: "Rowan",
        lastName: "Finch",
        email: "rowan@example.org",
        message: sentText,
      },
    });
    expect(sent.status()).toBe(202);
    const spam = await visitor.post("/api/contact", {
      data: { firstName: "Bot", message: spamText, website: "http://spam.example" },
    });
    expect(spam.status()).toBe(202);
    const subscription = await visitor.post("/api/sms/subscriptions", {
      data: { phone, source: "/sms-opt-in" },
      headers: { "User-Agent": '=HYPERLINK("http://evil.example")' },
    });
    expect(subscription.status()).toBe(201);
  });
  test.afterAll(async () => {
    await visitor.dispose();
  });

  test("locked: every staff URL opens directly with the lock screen; the server refuses the staff API", async ({
    page,
    request,
  }) => {
    for (const [path, title] of [...STAFF_PAGES, ["/admin/updates-desktop", "Site updates"]]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Unlock" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
      await expect(staffNav(page)).toHaveCount(0);
      await expect(page.getByText(spamText)).toHaveCount(0);
    }
    // The server refuses the staff API without a session, whatever the page shows.
    expect((await request.get("/api/admin/messages")).status()).toBe(401);
    expect((await request.get("/api/admin/sms/subscribers.csv")).status()).toBe(401);
  });

  test("unlocks in place on the page opened, after a wrong password", async ({ page }) => {
    await page.goto("/admin/messages");
    await page.getByLabel("Email").fill(ADMIN_EMAIL);
    await page.getByLabel("Password", { exact: true }).fill("definitely not the password");
    await page.getByRole("button", { name: "Unlock" }).click();
    await expect(page.getByRole("alert")).toHaveText("Incorrect password");
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/messages$/);
    await expect(messageArticle(page, sentText)).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveCount(0);
  });

  test("moves between every staff page without unlocking again; logout works from each", async ({
    page,
  }) => {
    await unlockStaffPage(page, "/admin/subscribers");
    let sessionChecks = 0;
    page.on("request", (request) => {
      if (request.method() === "GET" && new URL(request.url()).pathname === "/api/session") {
        sessionChecks += 1;
      }
    });
    for (const [path, title] of [...STAFF_PAGES, STAFF_PAGES[1]]) {
      await staffNav(page).getByRole("link", { name: title }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeFocused();
      await expect(staffNav(page).locator('[aria-current="page"]')).toHaveText(title);
      // No lock screen (Your account has password fields of its own).
      await expect(page.getByRole("button", { name: "Unlock" })).toHaveCount(0);
    }
    expect(sessionChecks).toBe(0);

    for (const [path, title] of STAFF_PAGES) {
      await page.goto(path);
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      expect((await page.request.get("/api/session")).status()).toBe(401);
      await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
      await page.getByLabel("Password", { exact: true }).press("Enter");
      await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    }
  });

  test("a session that ends mid-use locks in place and keeps what the page holds", async ({
    page,
  }) => {
    await unlockStaffPage(page);
    const draft = uniqueMarker("kept draft");
    await page.getByLabel("Title").fill(draft);
    await page.getByLabel("Summary").fill("Typed before the session ended.");
    await endSessionOnServer(page);

    await page.getByRole("button", { name: "Create update" }).click();
    await expect(page.getByText("Your session has ended.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
    await expect(page.getByRole("heading", { level: 1, name: "Site updates" })).toBeVisible();
    await expect(page.getByLabel("Title")).toBeHidden();

    await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Site updates" })).toBeFocused();
    await expect(page.getByLabel("Title")).toHaveValue(draft);
    await expect(page.getByLabel("Summary")).toHaveValue("Typed before the session ended.");
    // Nothing was saved while the session was gone.
    await expect(page.getByRole("region", { name: "All updates" })).not.toContainText(draft);
    await page.getByRole("button", { name: "Cancel" }).click();
  });

  test("keyboard only: unlock, move to another page, log out", async ({ page }) => {
    await page.goto("/admin/content");
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    // The skip link comes first, then the email and password fields and Unlock.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.keyboard.type(ADMIN_EMAIL);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
    await page.keyboard.type(ADMIN_PASSWORD);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Unlock" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeFocused();

    // From the heading, Tab walks the staff navigation in order, then Logout.
    for (const [, title] of NAV_PAGES) {
      await page.keyboard.press("Tab");
      await expect(staffNav(page).getByRole("link", { name: title })).toBeFocused();
    }
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Logout" })).toBeFocused();

    // Back from Logout to the third link, Messages.
    for (let step = 2; step < NAV_PAGES.length; step += 1) {
      await page.keyboard.press("Shift+Tab");
    }
    await expect(staffNav(page).getByRole("link", { name: "Messages" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/messages$/);

    await page.getByRole("button", { name: "Logout" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  });

  test("axe finds nothing on any staff page, locked or unlocked, at 390 and 1280 px", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const failures: string[] = [];
    for (const viewport of Object.values(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      for (const [path] of STAFF_PAGES) {
        await page.goto(path);
        await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
        const locked = await axeViolations(page);
        if (locked.length)
          failures.push(formatViolations(`${path} locked ${viewport.width}px`, locked));
      }
      await unlockStaffPage(page);
      for (const [path, title] of STAFF_PAGES) {
        if (new URL(page.url()).pathname !== path) {
          // At 390 px the links are behind the compact Menu.
          const menu = staffNav(page).getByRole("button", { name: /^Menu/ });
          if (await menu.isVisible()) await menu.click();
          await staffNav(page).getByRole("link", { name: title }).click();
        }
        await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
        await expect(page.getByText(/^Loading /)).toHaveCount(0);
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        failures.push(...(await pageFailures(page, `${path} unlocked ${viewport.width}px`)));
      }
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    }
    expect(failures, failures.join("\n")).toEqual([]);
  });

  test("content: every collection, with what is published, drafted and scheduled", async ({
    page,
  }) => {
    await unlockStaffPage(page, "/admin/content");
    await expect(page).toHaveTitle("Content · Admin");
    const table = page.getByRole("table", { name: "Content collections" });
    await expect(table.getByRole("rowheader")).toHaveText([
      "Site settings",
      "Organisation",
      "Home page",
      "About page",
      "Services page",
      "Courses",
      "Publications",
      "Conferences",
      "Areas of expertise",
      "Team",
      "Partners",
      "Featured projects",
      "Events",
      "Privacy policy",
      "Terms of service",
    ]);
    await expect(table.getByRole("row").filter({ hasText: "Courses" })).toContainText("List of");
    await expect(table.getByRole("row").filter({ hasText: "About page" })).toContainText(
      "Single entry",
    );
  });

  test("inbox: newest first with status; a honeypot message is spam until unmarked, then delivered", async ({
    page,
  }) => {
    await unlockStaffPage(page);
    await page.goto("/admin/messages");
    await expect(page.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expect(page.locator("main#main")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    const sent = messageArticle(page, sentText);
    await expect(sent).toBeVisible();
    await expect(sent.getByRole("heading", { name: "Rowan Finch" })).toBeVisible();
    await expect(sent.getByRole("link", { name: "rowan@example.org" })).toBeVisible();
    await expect(sent).toContainText("Sent");
    await expect(sent.getByRole("button", { name: "Retry now" })).toHaveCount(0);

    const spam = messageArticle(page, spamText);
    await expect(spam).toContainText("Spam");
    // Newest first: the spam message was submitted after the other one.
    const order = await page.getByRole("article").allTextContents();
    expect(order.findIndex((text) => text.includes(spamText))).toBeLessThan(
      order.findIndex((text) => text.includes(sentText)),
    );

    // Keyboard: focus the toggle and press Enter.
    await spam.getByRole("button", { name: "Not spam" }).focus();
    await page.keyboard.press("Enter");
    await expect(spam.getByRole("button", { name: "Mark as spam" })).toBeVisible();
    // The worker delivers it now (the page refreshes itself shortly after an action).
    await expect(spam).toContainText("Sent", { timeout: 10_000 });

    await spam.getByRole("button", { name: "Mark as spam" }).click();
    await expect(spam.getByRole("button", { name: "Not spam" })).toBeVisible();

    await expectNoAxeViolations(page);
  });

  test("subscribers: number, status, consent time and source; Export CSV downloads every record", async ({
    page,
  }) => {
    await unlockStaffPage(page);
    await page.goto("/admin/subscribers");
    await expect(page.getByRole("heading", { level: 1, name: "SMS subscribers" })).toBeVisible();

    const formatted = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: formatted }) });
    await expect(row).toContainText("Subscribed");
    await expect(row).toContainText("/sms-opt-in");
    await expect(row.locator("time")).toHaveCount(1);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^sms-subscribers-\d{4}-\d\d-\d\d\.csv$/);
    const csv = await (await download.createReadStream()).toArray();
    const text = Buffer.concat(csv).toString("utf8");
    expect(text.split("\r\n")[0]).toBe(
      "phone,status,consented_at,consent_version,consent_text,source,client_address,user_agent,first_subscribed_at,unsubscribed_at,updated_at",
    );
    const line = text.split("\r\n").find((entry) => entry.startsWith(`'+1${phone},`));
    expect(line).toBeDefined();
    // The user agent began with '=': exported defused and quoted.
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"")"`);

    // The consent history: the web opt-in of this number, with the consent version shown.
    const [history] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export consent history (CSV)" }).click(),
    ]);
    expect(history.suggestedFilename()).toMatch(/^sms-consent-history-\d{4}-\d\d-\d\d\.csv$/);
    const historyText = Buffer.concat(await (await history.createReadStream()).toArray()).toString(
      "utf8",
    );
    expect(
      historyText.split("\r\n").filter((entry) => entry.startsWith(`'+1${phone},opt_in,web,`)),
    ).toHaveLength(1);

    await expectNoAxeViolations(page);
  });

  // Last in this file: its records push older ones off the first page of each list.
  test("both lists come in pages of 50; the next page is one keyboard press away and takes the focus", async ({
    page,
  }) => {
    const label = uniqueMarker("paged");
    for (let i = 0; i < 55; i += 1) {
      const message = await visitor.post("/api/contact", {
        data: { firstName: "Paged", lastName: `Sender ${i}`, message: `${label} ${i}` },
      });
      expect(message.status()).toBe(202);
      const subscription = await visitor.post("/api/sms/subscriptions", {
        data: { phone: uniquePhone("3"), source: "/sms-opt-in" },
      });
      expect([200, 201]).toContain(subscription.status());
    }
    await unlockStaffPage(page);

    await page.goto("/admin/messages");
    const messages = page
      .getByRole("list", { name: "Messages, newest first" })
      .getByRole("article");
    await expect(messages).toHaveCount(50);
    const older = page.getByRole("button", { name: "Show older messages" });
    await older.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => messages.count()).toBeGreaterThan(50);
    // Focus moved to the heading of the first message of the new page.
    await expect(page.locator(":focus")).toHaveRole("heading");
    await expect(page.locator(":focus")).toHaveId(/^message-/);
    await expectNoAxeViolations(page);

    await page.goto("/admin/subscribers");
    const rows = page.getByRole("table").getByRole("row");
    await expect(rows).toHaveCount(51); // the header row and 50
    await expect(page.getByText(/\(showing 50\)$/)).toBeVisible();
    const more = page.getByRole("button", { name: "Show more subscribers" });
    await more.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => rows.count()).toBeGreaterThan(51);
    await expect(page.locator(":focus")).toHaveRole("rowheader");
    await expectNoAxeViolations(page);
  });

  test("the staff pages link to each other", async ({ page }) => {
    await unlockStaffPage(page);
    await page.goto("/admin/messages");
    const nav = page.getByRole("navigation", { name: "Staff pages" });
    await expect(nav.getByRole("link", { name: "Messages" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await nav.getByRole("link", { name: "SMS subscribers" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "SMS subscribers" })).toBeVisible();
    await page
      .getByRole("navigation", { name: "Staff pages" })
      .getByRole("link", { name: "Site updates" })
      .click();
    await expect(page).toHaveURL(/\/admin\/updates$/);
    await staffNav(page).getByRole("link", { name: "Content" }).click();
    await expect(page).toHaveURL(/\/admin\/content$/);
    await expect(page.getByRole("heading", { level: 1, name: "Content" })).toBeVisible();
  });
});
