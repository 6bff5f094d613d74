import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { loginSchema, type SessionUser } from "../../common/session-schemas.js";
import { INCORRECT_PASSWORD } from "../../common/session.js";
import type { AccountRepository, StaffAccount } from "../auth/account-repository.js";
import type { FactorRepository } from "../factors/factor-repository.js";
import { requirementFor } from "../factors/factor-policy.js";
import { secondStepFor } from "../factors/second-step.js";
import { HttpError, parseInput } from "../http/errors.js";
import { emailLimitKey, tooManyAttempts, type LoginLimiter } from "../auth/login-limiter.js";
import { hashPassword, verifyPassword } from "../auth/password.js";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "../auth/session-cookie.js";
import type { SessionStore } from "../auth/session-store.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Starts a session of `account` (a new token; an old one presented is ended). */
    startStaffSession(
      request: FastifyRequest,
      reply: FastifyReply,
      accountId: string,
    ): Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in person, set by the access check (server/accounts/access.ts, decision 028). */
    staff?: SessionUser;
    /** A second factor is required of the signed-in person and overdue (decision 032). */
    factorOverdue?: boolean;
  }
}

export interface AuthOptions {
  sessions: SessionStore;
  /** Failed sign-ins per client address. */
  limiter: LoginLimiter;
  /** Failed sign-ins per email address tried. */
  accountLimiter: LoginLimiter;
  accounts: AccountRepository;
  factors: FactorRepository;
  clock: () => number;
  publicOrigin: string | undefined;
  /** scrypt cost of the stand-in hash an unknown email is checked against (tests: cheaper). */
  hashCost?: number | undefined;
  /** The password check; tests wrap it to count the scrypt calls a sign-in makes. */
  verify?: (password: string, hash: string) => Promise<boolean>;
}

export function sessionUser(account: StaffAccount): SessionUser {
  return { id: account.id, email: account.email, name: account.name, role: account.role };
}

/**
 * scrypt with N=2^17 takes 128 MiB and a few hundred ms, so only a few checks run at once. The
 * others wait in their own client's line and the lines take turns: a flood from other
 * addresses delays a login by at most one check per waiting client and never refuses it. No
 * line grows past MAX_FAILED_LOGINS, since the login limiter reserves every check first.
 */
const MAX_CONCURRENT_CHECKS = 2;

function createCheckScheduler() {
  let running = 0;
  // Insertion-ordered: the first line has the next turn; a line with more waiting goes last.
  const lines = new Map<string, Array<() => void>>();
  const handOver = (): boolean => {
    const first = lines.entries().next();
    if (first.done) return false;
    const [client, line] = first.value;
    const start = line.shift()!;
    lines.delete(client);
    if (line.length > 0) lines.set(client, line);
    start();
    return true;
  };
  return async function schedule<T>(client: string, work: () => Promise<T>): Promise<T> {
    if (running < MAX_CONCURRENT_CHECKS) {
      running += 1;
    } else {
      // Resolved by handOver with the finishing check's slot (running stays the same).
      await new Promise<void>((resolve) => {
        const line = lines.get(client);
        if (line) line.push(resolve);
        else lines.set(client, [resolve]);
      });
    }
    try {
      return await work();
    } finally {
      if (!handOver()) running -= 1;
    }
  };
}

/**
 * Sets `request.staff` from the session cookie, or throws the 401 every staff route answers
 * when there is no live session of an active account.
 */
export function createAuthenticator(
  options: Pick<AuthOptions, "sessions" | "accounts" | "factors" | "clock" | "publicOrigin">,
): (request: FastifyRequest) => Promise<void> {
  const { sessions, accounts, factors, clock, publicOrigin } = options;
  return async (request) => {
    const token = readSessionToken(request, publicOrigin);
    const accountId = token
      ? await sessions.validate(token, { clientAddress: request.ip })
      : undefined;
    const account = accountId ? await accounts.findById(accountId) : undefined;
    if (!account || account.state !== "active") {
      throw new HttpError(
        401,
        "unauthorized",
        "Your session has ended; unlock the admin page again",
      );
    }
    request.staff = sessionUser(account);
    request.factorOverdue = (await requirementFor(factors, account, clock())).overdue;
  };
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const { sessions, limiter, accountLimiter, accounts, publicOrigin } = options;
  const verify = options.verify ?? verifyPassword;
  const schedule = createCheckScheduler();
  // An unknown email is checked against this, so it costs the same one scrypt as a known one.
  let standIn: Promise<string> | undefined;
  const standInHash = () =>
    (standIn ??= hashPassword("no account has this password", options.hashCost));

  const startStaffSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
  ) => {
    // A fresh id at every sign-in; an old session presented with it is ended.
    const previous = readSessionToken(request, publicOrigin);
    if (previous) await sessions.destroy(previous);
    const token = await sessions.create(accountId, {
      clientAddress: request.ip,
      userAgent: request.headers["user-agent"] ?? null,
    });
    setSessionCookie(request, reply, token, publicOrigin);
  };
  app.decorate("startStaffSession", startStaffSession);

  const tooMany = tooManyAttempts;

  const publicRoute = { config: { access: "public" as const } };
  app.post("/api/session", publicRoute, async (request: FastifyRequest, reply: FastifyReply) => {
    const { email, password } = parseInput(loginSchema, request.body);
    const client = request.ip;
    const verdict = await limiter.reserve(client);
    if (!verdict.allowed) throw tooMany(verdict);
    // Keyed by a digest of the address tried, known or not, so the limit says nothing about
    // which addresses have accounts (and fits the 64-character column).
    const emailClient = emailLimitKey(email);
    const emailVerdict = await accountLimiter.reserve(emailClient);
    if (!emailVerdict.allowed) throw tooMany(emailVerdict);

    // The owner carried over from the single password has no email until it signs in: then
    // the address given becomes its own (decision 028).
    const account = (await accounts.findByEmail(email)) ?? (await accounts.findEmaillessOwner());
    const hash = account?.password_hash ?? (await standInHash());
    // Exactly one scrypt per attempt, whichever branch: an unknown email costs what a known one does.
    const matches = await schedule(client, () => verify(password, hash));
    // A wrong password leaves the reservations standing as the recorded failures.
    const refuse = async () => {
      // Whether the address has an account or not, the entry is the same: the email tried.
      await app.audit(request, { action: "sign-in.failed", actor: email });
      return new HttpError(401, "incorrect_password", INCORRECT_PASSWORD);
    };
    if (!account || !matches || account.state !== "active") throw await refuse();
    if (account.email_key === null && !(await accounts.claimEmail(account.id, email))) {
      throw await refuse();
    }
    // The right password removes its own reservation from the address's record, never the
    // failures before it (design 6d).
    await limiter.release(verdict.reservation);
    // With a second factor, the password opens only the second step (decision 032); the
    // account's failures stay counted until that step succeeds.
    const secondStep = await secondStepFor(options.factors, account.id);
    if (secondStep) return reply.code(200).send(secondStep);
    await accountLimiter.clear(emailClient);
    await startStaffSession(request, reply, account.id);
    await app.audit(request, {
      action: "sign-in",
      accountId: account.id,
      actor: account.email ?? email,
    });
    return reply.code(204).send();
  });

  app.get("/api/session", { config: { access: "signed-in", enrolment: true } }, async (request) => {
    const account = await accounts.findById(request.staff!.id);
    return {
      admin: true,
      user: request.staff,
      secondFactor: await requirementFor(options.factors, account!, options.clock(), true),
    };
  });

  app.delete("/api/session", publicRoute, async (request, reply) => {
    const token = readSessionToken(request, publicOrigin);
    if (token) {
      const accountId = await sessions.validate(token);
      await sessions.destroy(token);
      const account = accountId ? await accounts.findById(accountId) : undefined;
      if (account) {
        await app.audit(request, {
          action: "sign-out",
          accountId: account.id,
          actor: account.email,
        });
      }
    }
    clearSessionCookie(request, reply, publicOrigin);
    return reply.code(204).send();
  });
}
