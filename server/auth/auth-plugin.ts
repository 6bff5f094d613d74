import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from "fastify";
import { INCORRECT_PASSWORD, loginSchema } from "../../common/session.js";
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
 * scrypt with N=2^17 takes 128 MiB and a few hundred ms; a flood of logins must not
 * exhaust memory, so only a few are checked at once and the rest are turned away.
 */
const MAX_CONCURRENT_CHECKS = 2;
const MAX_WAITING_CHECKS = 16;

function createCheckGate() {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function gate<T>(work: () => Promise<T>): Promise<T> {
    if (running >= MAX_CONCURRENT_CHECKS) {
      if (waiting.length >= MAX_WAITING_CHECKS) {
        throw new HttpError(
          429,
          "too_many_requests",
          "Too many sign-in attempts at once; try again shortly",
          undefined,
          {
            "Retry-After": "5",
          },
        );
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const { sessions, limiter, passwordHash, publicOrigin } = options;
  const gate = createCheckGate();

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
    const verdict = await limiter.check(client);
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
    const correct = await gate(() => verifyPassword(password, passwordHash));
    if (!correct) {
      await limiter.recordFailure(client);
      throw new HttpError(401, "incorrect_password", INCORRECT_PASSWORD);
    }
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
