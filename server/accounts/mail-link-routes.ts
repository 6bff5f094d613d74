import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  acceptInvitationSchema,
  invitationSchema,
  resetPasswordSchema,
  resetRequestSchema,
} from "../../common/session-schemas.js";
import { ROLE_LABELS } from "../../common/staff-access.js";
import { sessionUser } from "./auth-plugin.js";
import { hashPassword } from "../auth/password.js";
import type { SessionStore } from "../auth/session-store.js";
import { HttpError, parseInput } from "../http/errors.js";
import type { RateLimiter } from "../rate-limit/rate-limiter.js";
import {
  EmailTakenError,
  type AccountRepository,
  type StaffToken,
} from "../auth/account-repository.js";
import { passwordProblem } from "./password-policy.js";
import type { StaffMailRepository } from "./staff-mail.js";

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** Reset requests per client address, and per email asked for, per window. */
export const RESET_LIMITS = { perAddress: 5, perEmail: 3, windowMs: 10 * 60 * 1000 } as const;

const INVITATION_GONE =
  "This invitation has been used, revoked or withdrawn, or has expired; ask for a new one";
const RESET_GONE = "This reset link has been used or has expired; ask for a new one";

export interface MailLinkRouteOptions {
  accounts: AccountRepository;
  sessions: SessionStore;
  mail: StaffMailRepository;
  /** Wakes the mail outbox (a new mail is due). */
  onMail?: () => void;
  /** Where links point: PUBLIC_ORIGIN, else the local server. */
  linkOrigin: string;
  limits: { perAddress: RateLimiter; perEmail: RateLimiter };
  hashCost?: number | undefined;
}

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
const publicRoute = { config: { access: "public" as const } };

/** A chosen password: refused with the policy's reason (400) before anything is spent. */
function checkNewPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new HttpError(400, "invalid_input", problem, { password: problem });
}

/**
 * Invitations and password resets by mail (docs/product.md 5.0, decision 028): single-use
 * links whose tokens are stored hashed, sent through the mail outbox.
 */
export function registerMailLinkRoutes(app: FastifyInstance, options: MailLinkRouteOptions): void {
  const { accounts, sessions, mail, linkOrigin, limits } = options;
  const send = async (to: string, subject: string, text: string) => {
    await mail.enqueue({ to, subject, text });
    options.onMail?.();
  };

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
      const passwordHash = await hashPassword(input.password, options.hashCost);
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

  app.post("/api/password-resets", publicRoute, async (request, reply) => {
    const { email } = parseInput(resetRequestSchema, request.body);
    const verdict = await limits.perAddress.hit(request.ip);
    if (!verdict.allowed) {
      throw new HttpError(
        429,
        "too_many_requests",
        "Too many reset requests from here. Please try again later.",
        undefined,
        { "Retry-After": String(verdict.retryAfterSeconds) },
      );
    }
    // The same answer whatever the address, sent before any mail work: whether it has an
    // account shows neither in the answer nor in its timing.
    void reply.code(202).send();
    await noteResetRequest(request, email).catch((error: unknown) =>
      request.log.error({ err: error }, "password reset: could not send the mail"),
    );
    return reply;
  });

  /** The mail, for an active account only, and at most a few per address (no mail bombing). */
  async function noteResetRequest(request: FastifyRequest, email: string): Promise<void> {
    await app.audit(request, { action: "password.reset-request", actor: email });
    const key =
      "email:" + createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 40);
    if (!(await limits.perEmail.hit(key)).allowed) return;
    const account = await accounts.findByEmail(email);
    if (!account || account.state !== "active" || !account.email) return;
    const token = await accounts.createToken("reset", RESET_TTL_MS, { account_id: account.id });
    await send(
      account.email,
      "Reset your password for the website's staff pages",
      [
        `Someone asked to reset the password of the staff account ${account.email}.`,
        "",
        "Open this link within one hour to choose a new password (it works once):",
        `${linkOrigin}/admin/reset/${token}`,
        "",
        "If it was not you, ignore this mail: your password stays as it is.",
        "",
      ].join("\n"),
    );
  }

  app.get<{ Params: { token: string } }>(
    "/api/password-resets/:token",
    publicRoute,
    async (request, reply) => {
      if (!(await accounts.peekToken("reset", request.params.token))) {
        throw new HttpError(410, "gone", RESET_GONE);
      }
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { token: string } }>(
    "/api/password-resets/:token",
    publicRoute,
    async (request, reply) => {
      const { password } = parseInput(resetPasswordSchema, request.body);
      checkNewPassword(password);
      if (!(await accounts.peekToken("reset", request.params.token))) {
        throw new HttpError(410, "gone", RESET_GONE);
      }
      const passwordHash = await hashPassword(password, options.hashCost);
      // Every other reset link of the account ends with this one (decision 040).
      const account = await accounts.completeReset(request.params.token, passwordHash);
      if (!account) throw new HttpError(410, "gone", RESET_GONE);
      // Whoever knew the old password is signed out everywhere; second factors stay.
      await sessions.destroyAllOf(account.id);
      await app.audit(request, {
        action: "password.reset",
        accountId: account.id,
        actor: account.email,
        target: account.email,
      });
      return reply.code(204).send();
    },
  );
}
