import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { acceptInvitationSchema, invitationSchema } from "../../common/session-schemas.js";
import { ROLE_LABELS } from "../../common/staff-access.js";
import { EmailTakenError } from "../auth/account-repository.js";
import type { StaffToken } from "../auth/staff-tokens.js";
import { hashPassword } from "../auth/password.js";
import { HttpError, parseInput } from "../http/errors.js";
import { sessionUser } from "./auth-plugin.js";
import { INVITATION_TTL_MS, checkNewPassword, publicRoute, type MailLinks } from "./mail-links.js";

const INVITATION_GONE =
  "This invitation has been used, revoked or withdrawn, or has expired; ask for a new one";

export interface InvitationSummary {
  /** The stored hash of the token: names the invitation, cannot open it. */
  id: string;
  email: string;
  role: string;
  createdAt: string;
  expiresAt: string;
  /** Who sent it (null for invitations from before senders were recorded). */
  sentBy: { id: string; name: string } | null;
}

const summary = (token: StaffToken, senders: ReadonlyMap<string, string>): InvitationSummary => ({
  id: token.id_hash,
  email: token.email ?? "",
  role: token.role ?? "",
  createdAt: token.created_at,
  expiresAt: token.expires_at,
  sentBy: token.sent_by ? { id: token.sent_by, name: senders.get(token.sent_by) ?? "" } : null,
});

const invitationId = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/) });
/**
 * Invitations (decision 028): staff list, send and revoke them; the invited person's page asks
 * whether the link still works, then sends a name and password and is signed in.
 */
export function registerInvitationRoutes(app: FastifyInstance, links: MailLinks): void {
  const { accounts, linkOrigin, send } = links;

  app.register(async (staff) => {
    staff.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    /** Account names by id: who sent each invitation (a live one's sender is an account). */
    const senderNames = async () =>
      new Map((await accounts.list()).map((account) => [account.id, account.name]));

    staff.get("/api/staff/invitations", { config: { access: "staff" } }, async () => {
      const senders = await senderNames();
      return (await accounts.liveTokens("invitation")).map((token) => summary(token, senders));
    });

    staff.post(
      "/api/staff/invitations",
      {
        config: {
          access: "staff",
          audit: (request) => {
            const { email, role } = request.body as { email: string; role: string };
            return { action: "invitation.create", target: email, detail: role };
          },
        },
      },
      async (request, reply) => {
        const { email, role } = parseInput(invitationSchema, request.body);
        if (await accounts.findByEmail(email)) {
          throw new HttpError(409, "email_taken", "An account with this email already exists", {
            email: "An account with this email already exists",
          });
        }
        // A new invitation replaces any earlier one to the same address.
        for (const earlier of await accounts.liveTokens("invitation")) {
          if (earlier.email?.toLowerCase() === email.toLowerCase()) {
            await accounts.revokeToken("invitation", earlier.id_hash);
          }
        }
        // The sender is recorded: the invitation is withdrawn when they lose the right to send it.
        const token = await accounts.createToken("invitation", INVITATION_TTL_MS, {
          email,
          role,
          sent_by: request.staff!.id,
        });
        const inviter = request.staff?.name ?? "Someone";
        await send(
          email,
          "You are invited to the website's staff pages",
          [
            `${inviter} invited you to the website's staff pages as ${ROLE_LABELS[role].toLowerCase()}.`,
            "",
            "Open this link within 7 days to choose your name and password (it works once):",
            `${linkOrigin}/admin/invitation/${token}`,
            "",
            "If you did not expect this invitation, ignore this mail.",
            "",
          ].join("\n"),
        );
        const created = await accounts.peekToken("invitation", token);
        return reply.code(201).send(created ? summary(created, await senderNames()) : {});
      },
    );

    staff.delete(
      "/api/staff/invitations/:id",
      { config: { access: "staff", audit: "invitation.revoke" } },
      async (request, reply) => {
        const parsed = invitationId.safeParse(request.params);
        if (!parsed.success || !(await accounts.revokeToken("invitation", parsed.data.id))) {
          throw new HttpError(404, "not_found", "Invitation not found");
        }
        return reply.code(204).send();
      },
    );
  });

  // The invitation's page asks whether its link still works, then sends a name and password.
  app.get<{ Params: { token: string } }>(
    "/api/invitations/:token",
    publicRoute,
    async (request) => {
      const invitation = await accounts.peekToken("invitation", request.params.token);
      if (!invitation) throw new HttpError(410, "gone", INVITATION_GONE);
      return { email: invitation.email, role: invitation.role };
    },
  );

  app.post<{ Params: { token: string } }>(
    "/api/invitations/:token",
    publicRoute,
    async (request, reply) => {
      const input = parseInput(acceptInvitationSchema, request.body);
      checkNewPassword(input.password);
      if (!(await accounts.peekToken("invitation", request.params.token))) {
        throw new HttpError(410, "gone", INVITATION_GONE);
      }
      const passwordHash = await hashPassword(input.password, links.hashCost);
      const invitation = await accounts.consumeToken("invitation", request.params.token);
      if (!invitation?.email || !invitation.role) throw new HttpError(410, "gone", INVITATION_GONE);
      let account;
      try {
        account = await accounts.create({
          email: invitation.email,
          name: input.name,
          role: invitation.role,
          passwordHash,
        });
      } catch (error) {
        if (error instanceof EmailTakenError) {
          throw new HttpError(409, "email_taken", "An account with this email already exists");
        }
        throw error;
      }
      await app.startStaffSession(request, reply, account.id);
      await app.audit(request, {
        action: "invitation.accept",
        accountId: account.id,
        actor: account.email,
        target: account.email,
        detail: account.role,
      });
      return reply.code(201).send({ user: sessionUser(account) });
    },
  );
}
