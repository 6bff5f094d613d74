import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors.js";

/** Host names that always mean this machine; a request for them is never misdirected. */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

/** True for a listen address only this machine can reach (`HOST=127.0.0.1`, `::1`, `localhost`). */
export function isLoopbackAddress(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  return name === "localhost" || name === "::1" || /^127\.\d+\.\d+\.\d+$/.test(name);
}

/** The host name of a Host header value: lower case, without the port and a trailing dot. */
export function hostName(host: string): string {
  const match = /^(\[[^\]]*\]|[^:]*)(?::\d*)?$/.exec(host.trim().toLowerCase());
  return (match?.[1] ?? "").replace(/\.$/, "");
}

/** The host names this server answers for: PUBLIC_ORIGIN's, ALLOWED_HOSTS and loopback. */
export function allowedHostNames(
  publicOrigin: string | undefined,
  allowedHosts: readonly string[],
): Set<string> {
  const names = new Set<string>(LOOPBACK_HOSTS);
  if (publicOrigin) names.add(hostName(new URL(publicOrigin).host));
  for (const host of allowedHosts) names.add(hostName(host));
  return names;
}

/** Host values whose verdict is remembered, at most. */
const MAX_REMEMBERED_HOSTS = 64;

/** Paths a load balancer or monitor may ask for by address (they read nothing and write nothing). */
const ANY_HOST_PATHS = new Set(["/healthz", "/readyz"]);

/**
 * Answers 421 to a request for a host this server does not serve. Without it, a request sent
 * with `Host: evil.example` and `Origin: http://evil.example` passed the Origin check when
 * `PUBLIC_ORIGIN` was unset (the check then compares with the request's own host), and a
 * rebinding DNS name could reach a server listening on loopback.
 *
 * The `Host` header itself must name an allowed host. With `TRUST_PROXY`, Fastify takes
 * `request.host` from `X-Forwarded-Host` only when the socket is a listed proxy; that host must
 * be allowed too (design 6d). Checking `request.host` alone believed `X-Forwarded-Host` in place
 * of `Host`: a proxy that passes the header on as the client wrote it (nginx does unless told)
 * let `Host: rebound.example` with `X-Forwarded-Host: localhost` through.
 */
export function registerHostCheck(app: FastifyInstance, names: ReadonlySet<string>): void {
  const allowed = hostVerdicts(names);
  app.addHook("onRequest", (request, _reply, done) => {
    const sent = request.headers.host ?? "";
    if (allowed(sent) && (request.host === sent || allowed(request.host))) {
      return done();
    }
    const url = request.url;
    const query = url.indexOf("?");
    if (ANY_HOST_PATHS.has(query === -1 ? url : url.slice(0, query))) return done();
    done(
      new HttpError(
        421,
        "unknown_host",
        "This server does not answer for that host name (set PUBLIC_ORIGIN or ALLOWED_HOSTS)",
      ),
    );
  });
}

/**
 * Whether a Host value names an allowed host, remembered per value: clients send a few. Shared by
 * the hook above and the front door (front-door.ts), which decide alike.
 */
export function hostVerdicts(names: ReadonlySet<string>): (host: string) => boolean {
  const verdicts = new Map<string, boolean>();
  return (host) => {
    let verdict = verdicts.get(host);
    if (verdict === undefined) {
      verdict = names.has(hostName(host));
      // Bounded against a client sending many made-up hosts.
      if (verdicts.size >= MAX_REMEMBERED_HOSTS) verdicts.clear();
      verdicts.set(host, verdict);
    }
    return verdict;
  };
}
