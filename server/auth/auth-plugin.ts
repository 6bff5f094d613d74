import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from "fastify";
import { loginSchema } from "../../common/session-schemas.js";
import { INCORRECT_PASSWORD } from "../../common/session.js";
import { HttpError, parseInput } from "../http/errors.js";
import type { LoginLimiter } from "./login-limiter.js";
import { verifyPassword } from "./password.js";
import { clearSessionCookie, readSessionToken, setSessionCookie } from "./session-cookie.js";
import type { SessionStore } from "./session-store.js";

declare module "fastify" {
  interface FastifyInstance {
    /** preHandler that answers 401 unless the request carries a live admin session. */
    requireAdmin: preHandlerAsyncHookHandler;
  }
}

export interface AuthOptions {
  sessions: SessionStore;
  limiter: LoginLimiter;
  passwordHash: string;
  publicOrigin: string | undefined;
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

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const { sessions, limiter, passwordHash, publicOrigin } = options;
  const schedule = createCheckScheduler();

  const requireAdmin: preHandlerAsyncHookHandler = async (request: FastifyRequest) => {
    const token = readSessionToken(request, publicOrigin);
    if (!token || !(await sessions.validate(token))) {
      throw new HttpError(
        401,
        "unauthorized",
        "Your session has ended; unlock the admin page again",
      );
    }
  };
  app.decorate("requireAdmin", requireAdmin);

  app.post("/api/session", async (request: FastifyRequest, reply: FastifyReply) => {
    const { password } = parseInput(loginSchema, request.body);
    const client = request.ip;
    const verdict = await limiter.reserve(client);
    if (!verdict.allowed) {
      const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
      throw new HttpError(
        429,
        "too_many_attempts",
        `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        undefined,
        { "Retry-After": String(verdict.retryAfterSeconds) },
      );
    }
    const correct = await schedule(client, () => verifyPassword(password, passwordHash));
    // A wrong password leaves the reservation standing as the recorded failure.
    if (!correct) throw new HttpError(401, "incorrect_password", INCORRECT_PASSWORD);
    await limiter.clear(client);
    // A fresh id at every login; an old session presented with it is ended.
    const previous = readSessionToken(request, publicOrigin);
    if (previous) await sessions.destroy(previous);
    const token = await sessions.create();
    setSessionCookie(request, reply, token, publicOrigin);
    return reply.code(204).send();
  });

  app.get("/api/session", async (request, reply) => {
    await requireAdmin.call(app, request, reply);
    return { admin: true };
  });

  app.delete("/api/session", async (request, reply) => {
    const token = readSessionToken(request, publicOrigin);
    if (token) await sessions.destroy(token);
    clearSessionCookie(request, reply, publicOrigin);
    return reply.code(204).send();
  });
}
