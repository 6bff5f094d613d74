import type { FastifyInstance } from "fastify";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import type { PasskeyCeremony } from "../../common/second-factors.js";
import { passkeyOptionsSchema, passkeySignInSchema } from "../../common/second-factor-schemas.js";
import type { AccountRepository } from "../auth/account-repository.js";
import { emailLimitKey, tooManyAttempts, type LoginLimiter } from "../auth/login-limiter.js";
import { HttpError, parseInput } from "../http/errors.js";
import { tooManyWrites } from "../rate-limit/anonymous-writes.js";
import type { RateLimiter } from "../rate-limit/rate-limiter.js";
import type { FactorRepository } from "./factor-repository.js";
import {
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_TIMEOUT_MS,
  relyingParty,
  webAuthnLibrary,
  webAuthnCredential,
} from "./relying-party.js";

export interface PasskeySignInOptions {
  accounts: AccountRepository;
  factors: FactorRepository;
  limiter: LoginLimiter;
  accountLimiter: LoginLimiter;
  /** Each challenge stored for a client without a session counts here (design 6d). */
  anonymousWrites: RateLimiter;
  publicOrigin: string | undefined;
}

export const PASSKEY_REFUSED = "That passkey was not accepted";
const EXPIRED = "This sign-in has expired: start again";

/**
 * Signing in with a passkey (decision 032). `POST /api/session/passkey/options` makes a
 * challenge, kept server-side for 2 minutes and usable once: with no body, for any
 * discoverable passkey of this site (the passkey alone signs in, and must verify its user);
 * with `{secondStep}`, the ticket a right password gave, for that account's passkeys only.
 * `POST /api/session/passkey` verifies the answer (challenge, origin, RP ID, signature, and a
 * signature counter that must grow when the authenticator keeps one) and starts the session.
 * Each attempt counts against the client address like a password (5 per 15 minutes).
 */
export function registerPasskeySignIn(app: FastifyInstance, options: PasskeySignInOptions): void {
  const { accounts, factors, limiter, accountLimiter, anonymousWrites, publicOrigin } = options;
  const publicRoute = { config: { access: "public" as const } };

  app.post("/api/session/passkey/options", publicRoute, async (request, reply) => {
    const { secondStep } = parseInput(passkeyOptionsSchema, request.body);
    let accountId: string | undefined;
    if (secondStep !== undefined) {
      const step = await factors.findChallenge("second-step", secondStep);
      if (!step?.account_id) throw new HttpError(401, "sign_in_expired", EXPIRED);
      accountId = step.account_id;
    }
    const { rpID } = relyingParty(request, publicOrigin);
    const allowed = accountId ? await factors.passkeys(accountId) : [];
    if (accountId && allowed.length === 0) {
      throw new HttpError(409, "no_passkey", "This account has no passkey");
    }
    // A stored challenge is a row written for someone without a session: limited per address.
    const verdict = await anonymousWrites.hit(request.ip);
    if (!verdict.allowed) throw tooManyWrites(verdict);
    const { generateAuthenticationOptions } = await webAuthnLibrary();
    const authentication = await generateAuthenticationOptions({
      rpID,
      timeout: PASSKEY_TIMEOUT_MS,
      // After a password the passkey is the second factor; alone it must verify its user too.
      userVerification: accountId ? "preferred" : "required",
      allowCredentials: allowed.map((passkey) => ({
        id: passkey.id,
        ...(passkey.transports ? { transports: JSON.parse(passkey.transports) as string[] } : {}),
      })),
    });
    await factors.purgeChallenges();
    const ticket = await factors.createChallenge("passkey-sign-in", PASSKEY_CHALLENGE_TTL_MS, {
      challenge: authentication.challenge,
      ...(accountId ? { accountId } : {}),
    });
    const body: PasskeyCeremony<PublicKeyCredentialRequestOptionsJSON> = {
      ticket,
      options: authentication,
    };
    return reply.code(200).send(body);
  });

  app.post("/api/session/passkey", publicRoute, async (request, reply) => {
    const { ticket, credential, secondStep } = parseInput(passkeySignInSchema, request.body);
    const verdict = await limiter.reserve(request.ip);
    if (!verdict.allowed) throw tooManyAttempts(verdict);
    const challenge = await factors.findChallenge("passkey-sign-in", ticket);
    // Single use, whatever the outcome: a second answer to one challenge is refused.
    if (!challenge?.challenge || !(await factors.endChallenge(ticket))) {
      throw new HttpError(401, "sign_in_expired", EXPIRED);
    }
    const passkey = await factors.findPasskey(credential.id);
    const account = passkey ? await accounts.findById(passkey.account_id) : undefined;
    const refuse = async () => {
      await app.audit(request, {
        action: "sign-in.failed",
        accountId: account?.id ?? null,
        actor: account?.email ?? null,
        detail: "passkey",
      });
      return new HttpError(401, "passkey_refused", PASSKEY_REFUSED);
    };
    const afterPassword = challenge.account_id !== null;
    if (
      !passkey ||
      !account ||
      account.state !== "active" ||
      (afterPassword && passkey.account_id !== challenge.account_id)
    ) {
      throw await refuse();
    }
    const { origin, rpID } = relyingParty(request, publicOrigin);
    let newCounter: number | undefined;
    try {
      const { verifyAuthenticationResponse } = await webAuthnLibrary();
      const verified = await verifyAuthenticationResponse({
        response: credential as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: webAuthnCredential(passkey),
        requireUserVerification: !afterPassword,
      });
      if (verified.verified) newCounter = verified.authenticationInfo.newCounter;
    } catch (error) {
      // A bad signature, another origin or RP ID, or a counter that did not grow (a clone).
      request.log.info({ err: error }, "passkey sign-in refused");
    }
    if (newCounter === undefined) throw await refuse();
    // After a password, the password's ticket ends too: one sign-in, one session.
    const step = secondStep ? await factors.findChallenge("second-step", secondStep) : undefined;
    if (
      afterPassword &&
      (step?.account_id !== account.id || !(await factors.endChallenge(secondStep!)))
    ) {
      throw new HttpError(401, "sign_in_expired", EXPIRED);
    }
    await factors.passkeyUsed(passkey.id, newCounter);
    await limiter.release(verdict.reservation);
    await accountLimiter.clear(`factor:${account.id}`);
    if (account.email) await accountLimiter.clear(emailLimitKey(account.email));
    await app.startStaffSession(request, reply, account.id);
    await app.audit(request, {
      action: "sign-in",
      accountId: account.id,
      actor: account.email,
      detail: "passkey",
    });
    return reply.code(204).send();
  });
}
