import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { resetPasswordSchema, resetRequestSchema } from "../../common/session-schemas.js";
import { hashPassword } from "../auth/password.js";
import { HttpError, parseInput } from "../http/errors.js";
import { RESET_TTL_MS, checkNewPassword, publicRoute, type MailLinks } from "./mail-links.js";

const RESET_GONE = "This reset link has been used or has expired; ask for a new one";

/**
 * Password resets (decision 040): anyone may ask (the same answer whatever the address, a few
 * per address and per email); the link's page checks it still works, then sets the password,
 * ends every other reset link and signs the account out everywhere.
 */
export function registerPasswordResetRoutes(app: FastifyInstance, links: MailLinks): void {
  const { accounts, sessions, linkOrigin, limits, send } = links;

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
      const passwordHash = await hashPassword(password, links.hashCost);
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
