import type { FastifyRequest } from "fastify";
import type { AccountRepository, StaffAccount } from "../auth/account-repository.js";
import { tooManyAttempts, type LoginLimiter } from "../auth/login-limiter.js";
import { HttpError } from "../http/errors.js";

export const WRONG_PASSWORD = "The password is not right";

/**
 * Changing a factor asks for the password again (ASVS 6.5, decision 032): a session left open
 * on someone's desk cannot add a factor of its own or take the owner's away. Wrong answers
 * count as failed sign-ins of the client address; the refusal is a 403 naming the field.
 */
export function createReauthenticator(options: {
  accounts: AccountRepository;
  limiter: LoginLimiter;
  verify: (password: string, hash: string) => Promise<boolean>;
}): (request: FastifyRequest, password: string) => Promise<StaffAccount> {
  const { accounts, limiter, verify } = options;
  return async (request, password) => {
    const verdict = await limiter.reserve(request.ip);
    if (!verdict.allowed) throw tooManyAttempts(verdict);
    const account = await accounts.findById(request.staff!.id);
    if (!account || !(await verify(password, account.password_hash))) {
      throw new HttpError(403, "reauthentication_failed", WRONG_PASSWORD, {
        password: WRONG_PASSWORD,
      });
    }
    await limiter.release(verdict.reservation);
    return account;
  };
}
