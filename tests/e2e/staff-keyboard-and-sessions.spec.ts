import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { axeViolations, formatViolations } from "./support/axe";
import { mailedLinkPath } from "./support/mail";
import { unlockStaffPage } from "./support/page";
import { VIEWPORTS } from "./support/routes";

/**
 * The Staff page by keyboard alone (Tab, Enter, Space, arrow keys; no clicks), at 390 and
 * 1280 px, and Your account's sessions from two browsers: one ends the other, which is locked
 * out at its next request.
 */

test.describe.configure({ mode: "serial" });

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PASSWORD = "a member chooses a long passphrase";

/** Presses Tab until `target` has the focus (at most `limit` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false))
      return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${String(target)}`);
}

async function expectAxeClean(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, formatViolations(what, violations)).toEqual([]);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** Accepts the mailed invitation outside any browser, then signs that session out again. */
async function join(browser: Browser, email: string, name: string): Promise<void> {
  const path = await mailedLinkPath(email);
  const context = await browser.newContext();
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const accepted = await context.request.post(`/api/invitations/${path.split("/").pop()}`, {
    headers: { origin },
    data: { name, password: PASSWORD },
  });
  expect(accepted.status()).toBe(201);
  await context.request.delete("/api/session", { headers: { origin } });
  await context.close();
}

/** Moves a focused select to `value` with the arrow keys, as a keyboard user would. */
async function arrowTo(page: Page, select: Locator, value: string): Promise<void> {
  const [from, to] = await select.evaluate((element, wanted) => {
    const options = [...(element as HTMLSelectElement).options].map((option) => option.value);
    return [options.indexOf((element as HTMLSelectElement).value), options.indexOf(wanted)];
  }, value);
  const key = to > from ? "ArrowDown" : "ArrowUp";
  for (let step = 0; step < Math.abs(to - from); step += 1) await page.keyboard.press(key);
  await expect(select).toHaveValue(value);
}

/** Types an address into the invitation form, chooses the role and sends it, by keyboard. */
async function inviteByKeyboard(page: Page, email: string, role: string) {
  await tabTo(page, page.getByLabel("Email", { exact: true }));
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Role", { exact: true })).toBeFocused();
  await arrowTo(page, page.getByLabel("Role", { exact: true }), role);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send invitation" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("button", { name: `Revoke the invitation to ${email}` }),
  ).toBeVisible();
}

for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
  test(`the Staff page by keyboard alone at ${viewport.width} px: invite, change a role, deactivate, revoke`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    await unlockStaffPage(page, "/admin/staff");
    await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
    const memberEmail = `member-${viewportName}-${stamp}@example.org`;
    const memberName = `Member ${viewportName} ${stamp}`;
    const strangerEmail = `stranger-${viewportName}-${stamp}@example.org`;

    // Invite a person as administrator, who joins by the mail.
    await inviteByKeyboard(page, memberEmail, "administrator");
    await join(browser, memberEmail, memberName);
    await page.reload();
    const row = page.getByRole("row", { name: new RegExp(memberName) });
    await expect(row).toBeVisible();
    const roleSelect = page.getByLabel(`Role of ${memberName}`);
    await expect(roleSelect).toHaveValue("administrator");

    // Change the role with the arrow keys: administrator → editor, kept by the server.
    await tabTo(page, roleSelect);
    await page.keyboard.press("ArrowDown");
    await expect(page.getByText(`${memberName}'s account changed.`)).toBeVisible();
    await expect(roleSelect).toHaveValue("editor");
    const staff = (await (await page.request.get("/api/staff")).json()) as Array<{
      email: string;
      role: string;
      state: string;
    }>;
    expect(staff.find((member) => member.email === memberEmail)).toMatchObject({
      role: "editor",
      state: "active",
    });

    // Deactivate with Enter; the same button now offers to reactivate.
    await tabTo(page, page.getByRole("button", { name: `Deactivate ${memberName}` }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: `Reactivate ${memberName}` })).toBeVisible();
    const after = (await (await page.request.get("/api/staff")).json()) as typeof staff;
    expect(after.find((member) => member.email === memberEmail)?.state).toBe("deactivated");

    // Invite someone else, then revoke it with Space.
    await inviteByKeyboard(page, strangerEmail, "contributor");
    await tabTo(
      page,
      page.getByRole("button", { name: `Revoke the invitation to ${strangerEmail}` }),
    );
    await page.keyboard.press("Space");
    await expect(
      page.getByRole("button", { name: `Revoke the invitation to ${strangerEmail}` }),
    ).toHaveCount(0);
    await expectAxeClean(page, `/admin/staff at ${viewport.width}px`);
  });
}

test("sessions: two browsers signed in, one ends the other, which is locked out at once", async ({
  page,
  browser,
}) => {
  const email = `sessions-${stamp}@example.org`;
  const name = `Sessions ${stamp}`;
  await unlockStaffPage(page, "/admin/staff");
  await inviteByKeyboard(page, email, "editor");
  await join(browser, email, name);

  const signIn = async (target: Page) => {
    await target.goto("/admin/account");
    await target.getByLabel("Email").fill(email);
    await target.getByLabel("Password").fill(PASSWORD);
    await target.getByRole("button", { name: "Unlock" }).click();
    await expect(target.getByRole("button", { name: "Logout" })).toBeVisible();
  };
  const laptop = await (await browser.newContext()).newPage();
  // The phone says what an Android phone's Chrome says; the laptop is Playwright's desktop Chrome.
  const phone = await (
    await browser.newContext({
      userAgent:
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    })
  ).newPage();
  await signIn(phone);
  await signIn(laptop);

  const sessions = laptop.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
  const here = sessions.getByRole("listitem").filter({ hasText: "This device" });
  await expect(here).toContainText("Chrome on Windows");
  await expect(here).toContainText("127.0.0.1");
  const other = sessions.getByRole("listitem").filter({ hasNotText: "This device" });
  await expect(other).toContainText("Chrome on Android");
  for (const viewport of Object.values(VIEWPORTS)) {
    await laptop.setViewportSize(viewport);
    await expectAxeClean(laptop, `/admin/account at ${viewport.width}px`);
  }

  // The other one (not this device) ends; this one stays.
  await other.getByRole("button", { name: "End the session on Chrome on Android" }).click();
  // Said on the page, in the section's status line, and in the site's live region for screen
  // readers (filled 50 ms later: matching the text alone found one or both, depending on speed).
  const ended = "The session on Chrome on Android has ended.";
  await expect(laptop.getByRole("region", { name: "Sessions" }).getByRole("status")).toHaveText(
    ended,
  );
  await expect(laptop.getByRole("status").filter({ hasText: ended })).toHaveCount(2);
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(laptop.getByText("You are signed in on this device only.")).toBeVisible();

  // The phone's next request is refused, and its page locks.
  expect((await phone.request.get("/api/session")).status()).toBe(401);
  await phone.reload();
  await expect(phone.getByRole("button", { name: "Unlock" })).toBeVisible();
  expect((await laptop.request.get("/api/session")).status()).toBe(200);

  await laptop.context().close();
  await phone.context().close();
});
