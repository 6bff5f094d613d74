import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectCleanAtBothWidths } from "./support/axe";
import { mailedLinkPath } from "./support/mail";
import { unlockStaffPage } from "./support/page";

/**
 * Named staff accounts against the real server, with mail through a real SMTP server on
 * loopback (playwright.config.ts): the owner invites an editor by mail, the editor joins through
 * the mailed link, cannot open the owner's pages, and resets a forgotten password by mail.
 */

test.describe.configure({ mode: "serial" });

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const EDITOR_EMAIL = `editor-${stamp}@example.org`;
const EDITOR_PASSWORD = "editor chooses a long passphrase";
const RESET_PASSWORD = "editor resets to another passphrase";

function staffNav(page: Page) {
  return page.getByRole("navigation", { name: "Staff pages" });
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test("the owner invites an editor by mail; the editor joins and cannot open the owner's pages", async ({
  page,
  browser,
}) => {
  await unlockStaffPage(page, "/admin/staff");
  await expect(page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Every account, the owner first" })).toBeVisible();

  // Keyboard only: type the address, choose the role, send.
  await page.getByLabel("Email").fill(EDITOR_EMAIL);
  await page.getByLabel("Role").selectOption("editor");
  await page.getByLabel("Role").press("Tab");
  await expect(page.getByRole("button", { name: "Send invitation" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(
    page.getByRole("button", { name: `Revoke the invitation to ${EDITOR_EMAIL}` }),
  ).toBeVisible();
  // The pending invitation names who sent it.
  await expect(page.getByRole("listitem").filter({ hasText: EDITOR_EMAIL })).toContainText(
    /, Editor, sent by .+, until /,
  );
  await expectCleanAtBothWidths(page, "/admin/staff");

  // The editor follows the mailed link in a browser of their own.
  const editor = await freshPage(browser);
  await editor.goto(await mailedLinkPath(EDITOR_EMAIL));
  await expect(
    editor.getByRole("heading", { level: 1, name: "Join the staff pages" }),
  ).toBeVisible();
  await expect(
    editor.getByText(`You are invited as editor with the email ${EDITOR_EMAIL}.`, { exact: false }),
  ).toBeVisible();
  await expectCleanAtBothWidths(editor, "/admin/invitation");
  await editor.getByLabel("Name").fill("Eddie Editor");
  await editor.getByLabel("New password").fill(EDITOR_PASSWORD);
  await editor.getByRole("button", { name: "Create account" }).click();
  await expect(editor.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
  await expect(editor.getByRole("button", { name: "Logout" })).toBeVisible();

  // An editor's navigation: no Staff, no Audit log; by address, the page says it is not theirs.
  const links = await staffNav(editor).getByRole("link").allTextContents();
  expect(links).toContain("Messages");
  expect(links).toContain("Your account");
  expect(links).not.toContain("Staff");
  expect(links).not.toContain("Audit log");
  for (const path of ["/admin/staff", "/admin/audit"]) {
    await editor.goto(path);
    await expect(
      editor.getByText("This page is not open to your role (Editor).", { exact: false }),
    ).toBeVisible();
    expect((await editor.request.get(path.replace("/admin/", "/api/"))).status()).toBe(403);
  }
  await editor.goto("/admin/account");
  await expect(editor.getByText(`You sign in as ${EDITOR_EMAIL} (editor).`)).toBeVisible();
  await expectCleanAtBothWidths(editor, "/admin/account");

  // The owner's list now has the editor and no pending invitation.
  await page.reload();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Eddie Editor/ })).toBeVisible();
  await expect(page.getByText("No invitations are waiting.")).toBeVisible();
  await editor.context().close();
});

test("a forgotten password is reset by mail from the lock screen", async ({ browser }) => {
  const editor = await freshPage(browser);
  await editor.goto("/admin/updates");
  await editor.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(
    editor.getByRole("heading", { level: 1, name: "Reset your password" }),
  ).toBeVisible();
  await expectCleanAtBothWidths(editor, "/admin/reset");
  await editor.getByLabel("Email").fill(EDITOR_EMAIL);
  await editor.getByRole("button", { name: "Send the link" }).click();
  await expect(
    editor.getByText(/^If an account has this email, a link is on its way/),
  ).toBeVisible();

  await editor.goto(await mailedLinkPath(EDITOR_EMAIL, 2));
  await expect(
    editor.getByRole("heading", { level: 1, name: "Choose a new password" }),
  ).toBeVisible();
  await editor.getByLabel("New password").fill(RESET_PASSWORD);
  await editor.getByRole("button", { name: "Save the new password" }).click();
  await expect(
    editor.getByText("Your password is changed. Sign in with it on any staff page."),
  ).toBeVisible();
  await editor.getByRole("link", { name: "Go to the staff pages" }).click();
  await editor.getByLabel("Email").fill(EDITOR_EMAIL);
  await editor.getByLabel("Password").fill(EDITOR_PASSWORD);
  await editor.getByRole("button", { name: "Unlock" }).click();
  await expect(editor.getByRole("alert")).toHaveText("Incorrect password");
  await editor.getByLabel("Password").fill(RESET_PASSWORD);
  await editor.getByRole("button", { name: "Unlock" }).click();
  await expect(editor.getByRole("button", { name: "Logout" })).toBeVisible();
  await editor.context().close();
});
