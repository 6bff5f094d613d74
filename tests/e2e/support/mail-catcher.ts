/**
 * A real SMTP server on loopback for the end-to-end run (playwright.config.ts starts it beside
 * the site, whose MAIL_TRANSPORT is smtp): each mail it receives is written to MAIL_DIR as
 * JSON, where the specs read the links a person would follow (tests/e2e/support/mail.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startTestSmtpServer } from "../../../server/mail/test-smtp-server.js";

const port = Number(process.env.SMTP_PORT);
const dir = process.env.MAIL_DIR;
if (!port || !dir) throw new Error("mail-catcher: set SMTP_PORT and MAIL_DIR");
mkdirSync(dir, { recursive: true });

const server = await startTestSmtpServer(port);
let written = 0;
setInterval(() => {
  for (; written < server.mails.length; written += 1) {
    const mail = server.mails[written]!;
    writeFileSync(
      join(dir, `${String(written).padStart(5, "0")}.json`),
      JSON.stringify({
        to: mail.rcptTo,
        subject: mail.headers.get("subject") ?? "",
        text: mail.text,
      }),
    );
  }
}, 50);
process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
