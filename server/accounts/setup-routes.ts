import type { FastifyInstance } from "fastify";
import { setupSchema } from "../../common/session-schemas.js";
import { hashPassword } from "../auth/password.js";
import { HttpError, parseInput } from "../http/errors.js";
import { sessionUser } from "./auth-plugin.js";
import type { AccountRepository } from "../auth/account-repository.js";
import { OWNER_DEFAULT_NAME } from "./bootstrap.js";
import { passwordProblem } from "./password-policy.js";

const SETUP_GONE = "This setup link has been used or has expired";

export interface SetupRouteOptions {
  accounts: AccountRepository;
  /** scrypt cost of new passwords (tests: cheaper). */
  hashCost?: number | undefined;
}

/**
 * The one-time setup link printed at the first start without ADMIN_PASSWORD (decision 028):
 * `GET /api/setup/<token>` says whether it still works; `POST` with an email, a name and a
 * password creates the owner, once, and signs it in.
 */
export function registerSetupRoutes(app: FastifyInstance, options: SetupRouteOptions): void {
  const { accounts } = options;
  const gone = () => new HttpError(410, "gone", SETUP_GONE);
  const publicRoute = { config: { access: "public" as const } };

  app.get<{ Params: { token: string } }>(
    "/api/setup/:token",
    publicRoute,
    async (request, reply) => {
      const live = await accounts.peekToken("setup", request.params.token);
      if (!live || (await accounts.count()) > 0) throw gone();
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { token: string } }>(
    "/api/setup/:token",
    publicRoute,
    async (request, reply) => {
      const input = parseInput(setupSchema, request.body);
      const problem = passwordProblem(input.password);
      if (problem) throw new HttpError(400, "invalid_input", problem, { password: problem });
      // Checked before the link is spent, so a refused password leaves it usable.
      if (
        !(await accounts.peekToken("setup", request.params.token)) ||
        (await accounts.count()) > 0
      )
        throw gone();
      const passwordHash = await hashPassword(input.password, options.hashCost);
      if (!(await accounts.consumeToken("setup", request.params.token))) throw gone();
      const owner = await accounts.create({
        email: input.email,
        name: input.name || OWNER_DEFAULT_NAME,
        role: "owner",
        passwordHash,
      });
      await app.startStaffSession(request, reply, owner.id);
      await app.audit(request, {
        action: "account.setup",
        accountId: owner.id,
        actor: owner.email,
        target: owner.email,
      });
      return reply.code(201).send({ user: sessionUser(owner) });
    },
  );
}
