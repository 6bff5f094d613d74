import type { FastifyInstance } from "fastify";
import type { SecondStepNeeded } from "../../common/second-factors.js";
import { secondStepSchema } from "../../common/second-factor-schemas.js";
import type { AccountRepository } from "../auth/account-repository.js";
import { emailLimitKey, tooManyAttempts, type LoginLimiter } from "../auth/login-limiter.js";
import { HttpError, parseInput } from "../http/errors.js";
import type { FactorRepository } from "./factor-repository.js";
import { matchTotp } from "./totp.js";

/** How long the password's success holds while the second step is typed. */
export const SECOND_STEP_TTL_MS = 5 * 60 * 1000;
const WRONG_CODE = "That code is not right";
const EXPIRED = "This sign-in has expired: enter your email and password again";

/**
 * The second step an account's factors call for after a right password, with its ticket; or
 * undefined when the account has no factor (the password alone signs in).
 */
export async function secondStepFor(
  factors: FactorRepository,
  accountId: string,
): Promise<SecondStepNeeded | undefined> {
  const summary = await factors.summary(accountId);
  if (!summary.totp && summary.passkeys.length === 0) return undefined;
  const mfa: SecondStepNeeded["mfa"] = [];
  if (summary.totp) mfa.push("totp");
  if (summary.recoveryCodesLeft > 0) mfa.push("recovery-code");
  if (summary.passkeys.length > 0) mfa.push("passkey");
  await factors.purgeChallenges();
  const ticket = await factors.createChallenge("second-step", SECOND_STEP_TTL_MS, { accountId });
  return { mfa, ticket };
}

export interface SecondStepOptions {
  accounts: AccountRepository;
  factors: FactorRepository;
  limiter: LoginLimiter;
  accountLimiter: LoginLimiter;
  clock: () => number;
}

/**
 * `POST /api/session/mfa {ticket, code}`: a TOTP code (each time step once) or a recovery code
 * (each once) completes the sign-in the password began. Wrong codes count against the client
 * address and the account, like wrong passwords; the ticket lasts 5 minutes.
 */
export function registerSecondStep(app: FastifyInstance, options: SecondStepOptions): void {
  const { accounts, factors, limiter, accountLimiter, clock } = options;
  app.post("/api/session/mfa", { config: { access: "public" } }, async (request, reply) => {
    const { ticket, code } = parseInput(secondStepSchema, request.body);
    const verdict = await limiter.reserve(request.ip);
    if (!verdict.allowed) throw tooManyAttempts(verdict);
    const challenge = await factors.findChallenge("second-step", ticket);
    const account = challenge?.account_id
      ? await accounts.findById(challenge.account_id)
      : undefined;
    if (!challenge || !account || account.state !== "active") {
      throw new HttpError(401, "sign_in_expired", EXPIRED);
    }
    const factorKey = `factor:${account.id}`;
    const accountVerdict = await accountLimiter.reserve(factorKey);
    if (!accountVerdict.allowed) throw tooManyAttempts(accountVerdict);

    const digits = code.replace(/\s/g, "");
    let method: "totp" | "recovery code" | undefined;
    if (/^\d{6}$/.test(digits)) {
      const totp = await factors.totp(account.id);
      const step = totp?.confirmed_at ? matchTotp(totp.secret, digits, clock()) : undefined;
      // A code of a step already accepted (this one or an earlier) is refused: a replay.
      if (step !== undefined && (await factors.acceptTotpStep(account.id, step, false))) {
        method = "totp";
      }
    } else if (await factors.useRecoveryCode(account.id, code)) {
      method = "recovery code";
      await app.audit(request, {
        action: "recovery-code.use",
        accountId: account.id,
        actor: account.email,
      });
    }
    if (!method) {
      await app.audit(request, {
        action: "sign-in.failed",
        accountId: account.id,
        actor: account.email,
        detail: "second factor",
      });
      throw new HttpError(401, "incorrect_code", WRONG_CODE, { code: WRONG_CODE });
    }
    // Two right codes racing with one ticket: only one of them signs in.
    if (!(await factors.endChallenge(ticket))) throw new HttpError(401, "sign_in_expired", EXPIRED);
    await limiter.release(verdict.reservation);
    await accountLimiter.clear(factorKey);
    if (account.email) await accountLimiter.clear(emailLimitKey(account.email));
    await app.startStaffSession(request, reply, account.id);
    await app.audit(request, {
      action: "sign-in",
      accountId: account.id,
      actor: account.email,
      detail: method,
    });
    return reply.code(204).send();
  });
}
