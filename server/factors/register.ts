import type { FastifyInstance } from "fastify";
import type { AccountRepository } from "../auth/account-repository.js";
import type { LoginLimiter } from "../auth/login-limiter.js";
import { hostName } from "../http/host-check.js";
import type { RateLimiter } from "../rate-limit/rate-limiter.js";
import type { FactorRepository } from "./factor-repository.js";
import { registerFactorRoutes } from "./factor-routes.js";
import { registerPasskeyRoutes } from "./passkey-routes.js";
import { registerPasskeySignIn } from "./passkey-sign-in.js";
import { createReauthenticator } from "./reauthenticate.js";
import { registerSecondStep } from "./second-step.js";

export interface SecondFactorOptions {
  accounts: AccountRepository;
  factors: FactorRepository;
  clock: () => number;
  limiter: LoginLimiter;
  accountLimiter: LoginLimiter;
  /** Passkey sign-in challenges count here (design 6d). */
  anonymousWrites: RateLimiter;
  publicOrigin: string | undefined;
  verify: (password: string, hash: string) => Promise<boolean>;
}

/** The second step of a sign-in, passkey sign-ins, and each person's factors (decision 032). */
export function registerSecondFactors(app: FastifyInstance, options: SecondFactorOptions): void {
  const { accounts, factors, clock, limiter, publicOrigin } = options;
  registerSecondStep(app, options);
  registerPasskeySignIn(app, options);
  const reauthenticate = createReauthenticator({ accounts, limiter, verify: options.verify });
  registerPasskeyRoutes(app, { factors, publicOrigin, reauthenticate });
  registerFactorRoutes(app, {
    accounts,
    factors,
    clock,
    reauthenticate,
    // The site's host name, as the person knows it (the request's when PUBLIC_ORIGIN is unset).
    issuer: (request) => (publicOrigin ? new URL(publicOrigin).hostname : hostName(request.host)),
  });
}
