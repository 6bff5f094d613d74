import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  accountPatchSchema,
  passwordChangeSchema,
  staffPatchSchema,
} from "../../common/session-schemas.js";
import { readSessionToken } from "../auth/session-cookie.js";
import type { LoginLimiter } from "../auth/login-limiter.js";
import { hashPassword, verifyPassword } from "../auth/password.js";
import type { SessionStore } from "../auth/session-store.js";
import { HttpError, parseInput } from "../http/errors.js";
import type { AccountRepository, StaffAccount } from "../auth/account-repository.js";
import { registerEmailChangeRoute } from "./email-change-routes.js";
import { passwordProblem } from "./password-policy.js";
import { createReauthentication } from "./reauthenticate.js";
import { registerSessionRoutes } from "./session-routes.js";
import type { SendStaffMail } from "./staff-mail-plugin.js";

export interface StaffListItem {
  id: string;
  email: string | null;
  name: string;
  role: StaffAccount["role"];
  state: string;
  createdAt: string;
}

const listItem = (account: StaffAccount): StaffListItem => ({
  id: account.id,
  email: account.email,
  name: account.name,
  role: account.role,
  state: account.state,
  createdAt: account.created_at,
});

export interface AccountRouteOptions {
  accounts: AccountRepository;
  sessions: SessionStore;
  /** Queues a staff mail (the notice of an email change, to the old address). */
  sendStaffMail: SendStaffMail;
  /** Wrong current passwords count as failed sign-ins of the client address. */
  limiter: LoginLimiter;
  publicOrigin: string | undefined;
  hashCost?: number | undefined;
  verify?: (password: string, hash: string) => Promise<boolean>;
}

const idParams = z.object({ id: z.uuid() });
/** The email of the account a request changed, for its audit entry (set by the handler). */
const changedEmail = new WeakMap<FastifyRequest, string>();

/**
 * The staff list (owner and administrators: roles, deactivation, removal; the owner is never
 * changed or removed here) and each person's own account (name, email and password after the
 * password again, sessions).
 */
export function registerAccountRoutes(app: FastifyInstance, options: AccountRouteOptions): void {
  const { accounts, sessions, limiter } = options;
  const reauthenticate = createReauthentication({
    accounts,
    limiter,
    verify: options.verify ?? verifyPassword,
  });
  registerEmailChangeRoute(app, {
    accounts,
    reauthenticate,
    listItem,
    sendStaffMail: options.sendStaffMail,
  });
  registerSessionRoutes(app, { sessions, publicOrigin: options.publicOrigin });

  /** The account named in the path, which may not be the owner nor the caller themselves. */
  const changeable = async (params: unknown, callerId: string | undefined) => {
    const parsed = idParams.safeParse(params);
    const account = parsed.success ? await accounts.findById(parsed.data.id) : undefined;
    if (!account) throw new HttpError(404, "not_found", "Account not found");
    if (account.role === "owner") {
      throw new HttpError(
        409,
        "owner",
        "The owner's account stays as it is: there is always one owner",
      );
    }
    if (account.id === callerId) {
      throw new HttpError(
        409,
        "self",
        "Ask another administrator to change your own role or access",
      );
    }
    return account;
  };

  app.register(async (scope) => {
    scope.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });

    scope.get("/api/staff", { config: { access: "staff" } }, async () =>
      (await accounts.list()).map(listItem),
    );

    scope.patch(
      "/api/staff/:id",
      {
        config: {
          access: "staff",
          audit: (request) => {
            const patch = request.body as { role?: string; active?: boolean };
            const target = changedEmail.get(request);
            if (patch.active !== undefined) {
              return {
                action: patch.active ? "account.reactivate" : "account.deactivate",
                ...(target ? { target } : {}),
                ...(patch.role ? { detail: patch.role } : {}),
              };
            }
            return {
              action: "account.role",
              ...(target ? { target } : {}),
              detail: patch.role ?? "",
            };
          },
        },
      },
      async (request) => {
        const patch = parseInput(staffPatchSchema, request.body);
        const account = await changeable(request.params, request.staff?.id);
        // A promotion never restarts the 14-day grace (design 6d): two administrators demoting
        // and promoting each other would otherwise stay factor-free for good.
        const changed = await accounts.update(account.id, {
          ...(patch.role ? { role: patch.role } : {}),
          ...(patch.active !== undefined ? { state: patch.active ? "active" : "deactivated" } : {}),
        });
        // A deactivated account's sessions end now, not at their next request.
        if (patch.active === false) await sessions.destroyAllOf(account.id);
        changedEmail.set(request, account.email ?? account.id);
        return listItem(changed!);
      },
    );

    scope.delete(
      "/api/staff/:id",
      {
        config: {
          access: "staff",
          audit: (request) => ({
            action: "account.remove",
            target: changedEmail.get(request) ?? "",
          }),
        },
      },
      async (request, reply) => {
        const account = await changeable(request.params, request.staff?.id);
        changedEmail.set(request, account.email ?? account.id);
        await accounts.remove(account.id);
        return reply.code(204).send();
      },
    );

    scope.patch(
      "/api/account",
      { config: { access: "signed-in", audit: "account.rename" } },
      async (request) => {
        const { name } = parseInput(accountPatchSchema, request.body);
        const changed = await accounts.update(request.staff!.id, { name });
        return listItem(changed!);
      },
    );

    scope.post(
      "/api/account/password",
      { config: { access: "signed-in", audit: "password.change" } },
      async (request, reply) => {
        const { currentPassword, newPassword } = parseInput(passwordChangeSchema, request.body);
        const problem = passwordProblem(newPassword);
        if (problem) {
          throw new HttpError(400, "invalid_input", problem, { newPassword: problem });
        }
        const account = await reauthenticate(request, currentPassword);
        await accounts.setPassword(account.id, await hashPassword(newPassword, options.hashCost));
        // Every other session ends (whoever knew the old password); this one stays.
        const current = readSessionToken(request, options.publicOrigin);
        await sessions.destroyAllOf(account.id, current);
        return reply.code(204).send();
      },
    );

    scope.delete(
      "/api/account/sessions",
      { config: { access: "signed-in", audit: "sessions.end" } },
      async (request, reply) => {
        await sessions.destroyAllOf(request.staff!.id);
        return reply.code(204).send();
      },
    );
  });
}
