import { expect, test } from "@playwright/test";
import { totpCode } from "../../server/factors/totp";
import { expectCleanAtBothWidths } from "./support/axe";
import { mailedLinkPath } from "./support/mail";
import { unlockStaffPage } from "./support/page";

/**
 * Second factors against the real server (decision 032): a new staff member adds an
 * authenticator app on Your account (the test computes the codes from the key shown, as the
 * app would), signs out, and signs in with the password and then a code. A staff member of
 * their own, so the owner the other specs sign in as keeps a password-only sign-in.
 */

test.describe.configure({ mode: "serial" });

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const EMAIL = `factors-${stamp}@example.org`;
const PASSWORD = "factors test passphrase, long enough";

test("a staff member adds an authenticator app, then signs in with the password and a code", async ({
  page,
  browser,
}) => {
  // The owner invites an editor; the editor joins through the mailed link.
  await unlockStaffPage(page, "/admin/staff");
  // The owner's setting: off unless the owner requires a factor of every role.
  const policy = page.getByRole("region", { name: "Second factor" });
  await expect(
    policy.getByLabel("Require a second factor of everyone, editors and contributors too"),
  ).not.toBeChecked();
  await expectCleanAtBothWidths(page, "/admin/staff (the owner's second-factor setting)");
  await page.getByLabel("Email", { exact: true }).fill(EMAIL);
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    page.getByRole("button", { name: `Revoke the invitation to ${EMAIL}` }),
  ).toBeVisible();
  const member = await (await browser.newContext()).newPage();
  await member.goto(await mailedLinkPath(EMAIL));
  await member.getByLabel("Name").fill("Fern Factor");
  await member.getByLabel("New password").fill(PASSWORD);
  await member.getByRole("button", { name: "Create account" }).click();
  await expect(member.getByRole("button", { name: "Logout" })).toBeVisible();

  // Your account: the password again, then the QR code and the key, then a first code.
  await member.goto("/admin/account");
  const section = member.getByRole("region", { name: "Second factor" });
  await expect(section.getByText("Authenticator app: not set up.")).toBeVisible();
  await section.getByLabel("Your password").fill("not the password at all");
  await section.getByRole("button", { name: "Add an authenticator app" }).click();
  await expect(section.getByRole("alert")).toHaveText("The password is not right");
  await expect(section.getByLabel("Your password")).toBeFocused();
  await section.getByLabel("Your password").fill(PASSWORD);
  await section.getByLabel("Your password").press("Enter");
  await expect(
    section.getByRole("img", { name: "QR code of your authenticator app's key" }),
  ).toBeVisible();
  const secret = (await section.getByTestId("totp-secret").textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectCleanAtBothWidths(member, "/admin/account (adding an authenticator app)");
  const confirmedAt = Date.now();
  await section.getByLabel("Code from the app").fill(totpCode(secret, confirmedAt));
  await section.getByRole("button", { name: "Confirm" }).click();
  await expect(section.getByRole("status")).toHaveText("Authenticator app added.");
  await expect(section.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  await expect(section.getByText("Authenticator app: on.")).toBeVisible();
  await expectCleanAtBothWidths(member, "/admin/account (recovery codes)");

  // Signed out, the password alone is not enough: the lock screen asks the second step.
  await member.getByRole("button", { name: "Logout" }).click();
  // The lock screen replaces Your account (whose Email section has a field of the same name).
  await expect(member.getByRole("button", { name: "Unlock" })).toBeVisible();
  await member.getByLabel("Email").fill(EMAIL);
  await member.getByLabel("Password").fill(PASSWORD);
  await member.getByRole("button", { name: "Unlock" }).click();
  await expect(member.getByRole("heading", { name: "Second step" })).toBeVisible();
  await expect(member.getByLabel("Code")).toBeFocused();
  await expectCleanAtBothWidths(member, "lock screen, second step");
  // The confirmation's code again is a replay: refused.
  await member.getByLabel("Code").fill(totpCode(secret, confirmedAt));
  await member.getByLabel("Code").press("Enter");
  await expect(member.getByRole("alert")).toHaveText("That code is not right");
  // The next step's code (one step ahead is accepted) signs in.
  await member.getByLabel("Code").fill(totpCode(secret, confirmedAt + 30_000));
  await member.getByLabel("Code").press("Enter");
  await expect(member.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(member.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
});
