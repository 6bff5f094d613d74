import type { FastifyRequest } from "fastify";
import type { LoginLimiter } from "../auth/login-limiter.js";
import { HttpError } from "../http/errors.js";
import type { AccountRepository, StaffAccount } from "../auth/account-repository.js";

export const WRONG_CURRENT_PASSWORD = "The current password is not right";

/**
 * Asks for the password again before a change of the sign-in itself (email, password; design
 * 12, decision 033): a session left open on a shared computer cannot take the account over.
 * A wrong password is a 403 naming the field, and counts as a failed sign-in of the address.
 */
export function createReauthentication(options: {
  accounts: AccountRepository;
  limiter: LoginLimiter;
  verify: (password: string, hash: string) => Promise<boolean>;
}): (request: FastifyRequest, currentPassword: string) => Promise<StaffAccount> {
  const { accounts, limiter, verify } = options;
  return async (request, currentPassword) => {
    const verdict = await limiter.reserve(request.ip);
    if (!verdict.allowed) {
      throw new HttpError(
        429,
        "too_many_attempts",
        "Too many failed attempts. Try again later.",
        undefined,
        { "Retry-After": String(verdict.retryAfterSeconds) },
      );
    }
    const account = await accounts.findById(request.staff!.id);
    if (!account || !(await verify(currentPassword, account.password_hash))) {
      throw new HttpError(403, "incorrect_password", WRONG_CURRENT_PASSWORD, {
        currentPassword: WRONG_CURRENT_PASSWORD,
      });
    }
    await limiter.release(verdict.reservation);
    return account;
  };
}
