import type { FastifyInstance, FastifyRequest } from "fastify";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { PasskeyCeremony, PasskeySummary } from "../../common/second-factors.js";
import { passkeyRegistrationSchema, reauthSchema } from "../../common/second-factor-schemas.js";
import { HttpError, parseInput } from "../http/errors.js";
import type { FactorRepository } from "./factor-repository.js";
import {
  PASSKEY_ALGORITHMS,
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_TIMEOUT_MS,
  relyingParty,
  webAuthnLibrary,
  userHandle,
} from "./relying-party.js";

export interface PasskeyRouteOptions {
  factors: FactorRepository;
  publicOrigin: string | undefined;
  reauthenticate: (request: FastifyRequest, password: string) => Promise<unknown>;
}

const NOT_ADDED = "The passkey was not added: start again";

/**
 * Each person's passkeys on Your account (decision 032): the password again, then the
 * browser's registration ceremony against a challenge kept server-side (single use, 2 minutes),
 * then the passkey is stored with its name; listed in GET /api/account/factors, removed with the
 * password again.
 */
export function registerPasskeyRoutes(app: FastifyInstance, options: PasskeyRouteOptions): void {
  const { factors, publicOrigin, reauthenticate } = options;

  app.register(async (scope) => {
    scope.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    // Adding a factor stays open to a person whose factor is overdue (config.enrolment).
    scope.post(
      "/api/account/passkeys/options",
      { config: { access: "signed-in", enrolment: true, audit: "passkey.begin" } },
      async (request, reply) => {
        const { password } = parseInput(reauthSchema, request.body);
        const account = request.staff!;
        await reauthenticate(request, password);
        const { rpID } = relyingParty(request, publicOrigin);
        const existing = await factors.passkeys(account.id);
        const { generateRegistrationOptions } = await webAuthnLibrary();
        const registration = await generateRegistrationOptions({
          rpName: rpID,
          rpID,
          userID: userHandle(account.id),
          userName: account.email ?? account.name,
          userDisplayName: account.name,
          timeout: PASSKEY_TIMEOUT_MS,
          attestationType: "none",
          // Discoverable and verified: the passkey alone signs in (no password before it).
          authenticatorSelection: { residentKey: "required", userVerification: "required" },
          excludeCredentials: existing.map((passkey) => ({ id: passkey.id })),
          supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
        });
        await factors.purgeChallenges();
        const ticket = await factors.createChallenge("passkey-register", PASSKEY_CHALLENGE_TTL_MS, {
          accountId: account.id,
          challenge: registration.challenge,
        });
        const body: PasskeyCeremony<PublicKeyCredentialCreationOptionsJSON> = {
          ticket,
          options: registration,
        };
        return reply.code(201).send(body);
      },
    );

    scope.post(
      "/api/account/passkeys",
      { config: { access: "signed-in", enrolment: true, audit: "passkey.add" } },
      async (request, reply) => {
        const { ticket, name, credential } = parseInput(passkeyRegistrationSchema, request.body);
        const accountId = request.staff!.id;
        const challenge = await factors.findChallenge("passkey-register", ticket);
        // Single use, whatever the outcome: a second answer to one challenge is refused.
        if (
          !challenge?.challenge ||
          challenge.account_id !== accountId ||
          !(await factors.endChallenge(ticket))
        ) {
          throw new HttpError(400, "passkey_expired", NOT_ADDED);
        }
        const { origin, rpID } = relyingParty(request, publicOrigin);
        let info;
        try {
          const { verifyRegistrationResponse } = await webAuthnLibrary();
          const verified = await verifyRegistrationResponse({
            response: credential as unknown as RegistrationResponseJSON,
            expectedChallenge: challenge.challenge,
            expectedOrigin: origin,
            expectedRPID: rpID,
            requireUserVerification: true,
            supportedAlgorithmIDs: PASSKEY_ALGORITHMS,
          });
          info = verified.verified ? verified.registrationInfo : undefined;
        } catch (error) {
          request.log.info({ err: error }, "passkey registration refused");
        }
        if (!info) throw new HttpError(400, "passkey_refused", NOT_ADDED);
        if (await factors.findPasskey(info.credential.id)) {
          throw new HttpError(409, "passkey_exists", "This passkey is on an account already");
        }
        const added: PasskeySummary = await factors.addPasskey({
          id: info.credential.id,
          account_id: accountId,
          name,
          public_key: Buffer.from(info.credential.publicKey).toString("base64url"),
          counter: info.credential.counter,
          transports: info.credential.transports?.length
            ? JSON.stringify(info.credential.transports)
            : null,
        });
        return reply.code(201).send(added);
      },
    );

    scope.delete(
      "/api/account/passkeys/:id",
      { config: { access: "signed-in", audit: "passkey.remove" } },
      async (request, reply) => {
        const { password } = parseInput(reauthSchema, request.body);
        await reauthenticate(request, password);
        const accountId = request.staff!.id;
        const { id } = request.params as { id: string };
        if (!(await factors.removePasskey(accountId, id))) {
          throw new HttpError(404, "not_found", "Your account has no such passkey");
        }
        // Recovery codes stand in for a factor; with none left they would be a second password.
        if (!(await factors.hasFactor(accountId))) await factors.resetFactors(accountId);
        return reply.code(204).send();
      },
    );
  });
}
