import type { FastifyInstance, FastifyRequest } from "fastify";
import { renderSVG } from "uqr";
import type { AccountFactors } from "../../common/second-factors.js";
import {
  factorPolicySchema,
  reauthSchema,
  totpConfirmSchema,
} from "../../common/second-factor-schemas.js";
import type { AccountRepository } from "../auth/account-repository.js";
import { HttpError, parseInput } from "../http/errors.js";
import type { FactorRepository } from "./factor-repository.js";
import { requirementFor } from "./factor-policy.js";
import { matchTotp, newTotpSecret, totpUri } from "./totp.js";

export interface FactorRouteOptions {
  accounts: AccountRepository;
  factors: FactorRepository;
  clock: () => number;
  /** The issuer an authenticator app shows beside the code (the site's host). */
  issuer: (request: FastifyRequest) => string;
  reauthenticate: (request: FastifyRequest, password: string) => Promise<unknown>;
}

/** What POST /api/account/totp answers: the secret to scan or type, once. */
export interface TotpEnrolment {
  secret: string;
  uri: string;
  /** The otpauth URI as an SVG QR code. */
  qrSvg: string;
}

/**
 * Each person's TOTP and recovery codes (decision 032), and the owner's setting that requires a
 * factor of every role. Adding begins with the password and ends with a first code; the ten
 * recovery codes are shown once, at the end, and kept only as digests.
 */
export function registerFactorRoutes(app: FastifyInstance, options: FactorRouteOptions): void {
  const { accounts, factors, clock, reauthenticate } = options;
  const enrolment = { access: "signed-in" as const, enrolment: true };

  app.register(async (scope) => {
    scope.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    scope.get("/api/account/factors", { config: enrolment }, async (request) => {
      const account = await accounts.findById(request.staff!.id);
      const summary = await factors.summary(account!.id);
      const body: AccountFactors = {
        ...summary,
        requirement: await requirementFor(factors, account!, clock(), true),
        requiredOfEveryone: (await factors.everyoneSince()) !== null,
      };
      return body;
    });

    scope.post(
      "/api/account/totp",
      { config: { ...enrolment, audit: "totp.begin" } },
      async (request, reply) => {
        const { password } = parseInput(reauthSchema, request.body);
        await reauthenticate(request, password);
        const secret = newTotpSecret();
        if (!(await factors.startTotp(request.staff!.id, secret))) {
          throw new HttpError(
            409,
            "totp_exists",
            "Your account has an authenticator app already: remove it first to add another",
          );
        }
        const uri = totpUri(
          secret,
          request.staff!.email ?? request.staff!.name,
          options.issuer(request),
        );
        const body: TotpEnrolment = { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
        return reply.code(201).send(body);
      },
    );

    scope.post(
      "/api/account/totp/confirm",
      { config: { ...enrolment, audit: "totp.add" } },
      async (request) => {
        const { code } = parseInput(totpConfirmSchema, request.body);
        const accountId = request.staff!.id;
        const totp = await factors.totp(accountId);
        if (!totp || totp.confirmed_at) {
          throw new HttpError(409, "no_totp_pending", "Begin adding an authenticator app first");
        }
        const step = matchTotp(totp.secret, code, clock());
        if (step === undefined || !(await factors.acceptTotpStep(accountId, step, true))) {
          const message = "That code is not right: check the app's clock and try the next code";
          throw new HttpError(400, "invalid_input", message, { code: message });
        }
        return { recoveryCodes: await factors.newRecoveryCodes(accountId) };
      },
    );

    scope.delete(
      "/api/account/totp",
      { config: { access: "signed-in", audit: "totp.remove" } },
      async (request, reply) => {
        const { password } = parseInput(reauthSchema, request.body);
        await reauthenticate(request, password);
        const accountId = request.staff!.id;
        if (!(await factors.removeTotp(accountId))) {
          throw new HttpError(404, "not_found", "Your account has no authenticator app");
        }
        // Recovery codes stand in for a factor; with none left they would be a second password.
        if (!(await factors.hasFactor(accountId))) await factors.resetFactors(accountId);
        return reply.code(204).send();
      },
    );

    scope.post(
      "/api/account/recovery-codes",
      { config: { access: "signed-in", audit: "recovery-codes.renew" } },
      async (request, reply) => {
        const { password } = parseInput(reauthSchema, request.body);
        await reauthenticate(request, password);
        const accountId = request.staff!.id;
        if (!(await factors.hasFactor(accountId))) {
          throw new HttpError(409, "no_factor", "Add an authenticator app or a passkey first");
        }
        return reply.code(201).send({ recoveryCodes: await factors.newRecoveryCodes(accountId) });
      },
    );

    scope.put(
      "/api/staff/factor-policy",
      {
        config: {
          access: "ownership",
          audit: (request) => ({
            action: "factors.policy",
            detail: (request.body as { requiredOfEveryone?: boolean }).requiredOfEveryone
              ? "every role"
              : "owners and administrators",
          }),
        },
      },
      async (request) => {
        const { requiredOfEveryone } = parseInput(factorPolicySchema, request.body);
        await factors.setRequiredOfEveryone(requiredOfEveryone);
        return { requiredOfEveryone };
      },
    );
  });
}
