import { expect, test } from "@playwright/test";
import { expectCleanAtBothWidths } from "./support/axe";
import { mailedLinkPath } from "./support/mail";
import { unlockStaffPage } from "./support/page";

/**
 * Passkeys against the real server, in Chromium with a CDP virtual authenticator (decision
 * 032): a new staff member adds a passkey on Your account, signs out, signs in with the passkey
 * alone, then with the password and the passkey as the second step, and removes it. The
 * member's browser uses `localhost`: WebAuthn refuses an IP address as the relying party's id,
 * and the server takes the RP ID from the host it is asked for.
 */

test.describe.configure({ mode: "serial" });

const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const EMAIL = `passkeys-${stamp}@example.org`;
const PASSWORD = "passkeys test passphrase, long enough";

test("a staff member adds a passkey, then signs in with it alone and as the second step", async ({
  page,
  browser,
  baseURL,
}) => {
  // The owner invites an editor; the editor joins through the mailed link.
  await unlockStaffPage(page, "/admin/staff");
  await page.getByLabel("Email", { exact: true }).fill(EMAIL);
  await page.getByLabel("Role", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    page.getByRole("button", { name: `Revoke the invitation to ${EMAIL}` }),
  ).toBeVisible();

  const site = new URL(baseURL!);
  site.hostname = "localhost";
  const member = await (await browser.newContext({ baseURL: site.origin })).newPage();
  const cdp = await member.context().newCDPSession(member);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  await member.goto(await mailedLinkPath(EMAIL));
  await member.getByLabel("Name").fill("Piper Passkey");
  await member.getByLabel("New password").fill(PASSWORD);
  await member.getByRole("button", { name: "Create account" }).click();
  await expect(member.getByRole("button", { name: "Logout" })).toBeVisible();

  // Your account: a name, the password again, then the browser's ceremony.
  await member.goto("/admin/account");
  const passkeys = member
    .getByRole("region", { name: "Second factor" })
    .getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("No passkeys yet.")).toBeVisible();
  await passkeys.getByLabel("Name of the new passkey").fill("This laptop");
  await passkeys.getByLabel("Password for passkey changes").fill("not the password at all");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByRole("alert")).toHaveText("The password is not right");
  await expect(passkeys.getByLabel("Password for passkey changes")).toBeFocused();
  await passkeys.getByLabel("Password for passkey changes").fill(PASSWORD);
  await passkeys.getByLabel("Password for passkey changes").press("Enter");
  await expect(passkeys.getByRole("status")).toHaveText("Passkey This laptop added.");
  await expect(passkeys.getByRole("listitem")).toHaveText(
    /This laptop: added .*, not used yet\s*Remove the passkey This laptop/,
  );
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  await expectCleanAtBothWidths(member, "/admin/account (a passkey added)");

  // Signed out, the passkey alone signs in: no email, no password (the keyboard presses it).
  await member.getByRole("button", { name: "Logout" }).click();
  const passkeyButton = member.getByRole("button", { name: "Sign in with a passkey" });
  await expect(passkeyButton).toBeVisible();
  await expectCleanAtBothWidths(member, "lock screen with the passkey button");
  await passkeyButton.focus();
  await member.keyboard.press("Enter");
  await expect(member.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(member.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(passkeys.getByRole("listitem")).toContainText("last used");

  // With the password, the passkey is the second step.
  await member.getByRole("button", { name: "Logout" }).click();
  await member.getByLabel("Email").fill(EMAIL);
  await member.getByLabel("Password").fill(PASSWORD);
  await member.getByRole("button", { name: "Unlock" }).click();
  await expect(member.getByRole("heading", { name: "Second step" })).toBeVisible();
  await expect(member.getByRole("button", { name: "Use a passkey" })).toBeFocused();
  await expectCleanAtBothWidths(member, "lock screen, second step by passkey");
  await member.getByRole("button", { name: "Use a passkey" }).click();
  await expect(member.getByRole("button", { name: "Logout" })).toBeVisible();

  // Removed with the password again; the password alone signs in once more.
  await passkeys.getByLabel("Password for passkey changes").fill(PASSWORD);
  await passkeys.getByRole("button", { name: "Remove the passkey This laptop" }).click();
  await expect(passkeys.getByRole("status")).toHaveText("Passkey This laptop removed.");
  await expect(passkeys.getByText("No passkeys yet.")).toBeVisible();
  await member.context().close();
});
