import type { FastifyInstance, FastifyRequest } from "fastify";
import { emailChangeSchema } from "../../common/account-sessions-schemas.js";
import { HttpError, parseInput } from "../http/errors.js";
import {
  EmailTakenError,
  type AccountRepository,
  type StaffAccount,
} from "../auth/account-repository.js";
import type { SendStaffMail } from "./staff-mail-plugin.js";

/** The old address of the account a request changed, for its audit entry (set by the handler). */
const previousEmail = new WeakMap<FastifyRequest, string>();

export const EMAIL_TAKEN = "Another account already signs in with this email";

/**
 * `POST /api/account/email {email, currentPassword}`: the signed-in person's own address,
 * after the password again (403 naming the field when wrong); unique in any case (409). The
 * audit entry names the new address and, in its detail, the old one. A notice goes to the old
 * address.
 */
export function registerEmailChangeRoute(
  app: FastifyInstance,
  options: {
    accounts: AccountRepository;
    reauthenticate: (request: FastifyRequest, currentPassword: string) => Promise<StaffAccount>;
    /** How the account is answered (the staff list's item). */
    listItem: (account: StaffAccount) => unknown;
    sendStaffMail: SendStaffMail;
  },
): void {
  const { accounts, reauthenticate, listItem, sendStaffMail } = options;
  app.post(
    "/api/account/email",
    {
      config: {
        access: "signed-in",
        audit: (request) => ({
          action: "account.email",
          target: (request.body as { email: string }).email.trim(),
          detail: `was ${previousEmail.get(request) ?? "none"}`,
        }),
      },
    },
    async (request, reply) => {
      void reply.header("Cache-Control", "no-store");
      const { email, currentPassword } = parseInput(emailChangeSchema, request.body);
      // The password first: a clash is told only to someone who proved who they are.
      const account = await reauthenticate(request, currentPassword);
      previousEmail.set(request, account.email ?? "none");
      try {
        const changed = await accounts.changeEmail(account.id, email);
        // The old address hears of it: someone who took over a session cannot move the
        // account away unnoticed. (Its live reset links ended with the change.)
        if (account.email && account.email_key !== changed!.email_key) {
          await sendStaffMail({
            to: account.email,
            subject: "The email of your staff account was changed",
            text: [
              `The staff account that signed in as ${account.email} now signs in as ${changed!.email}.`,
              "",
              "If you did not change it, tell the site's owner or an administrator at once.",
              "",
            ].join("\n"),
          });
        }
        return listItem(changed!);
      } catch (error) {
        if (error instanceof EmailTakenError) {
          throw new HttpError(409, "email_taken", EMAIL_TAKEN, { email: EMAIL_TAKEN });
        }
        throw error;
      }
    },
  );
}
