import type { FastifyRequest } from "fastify";

/** Query parameters whose values are secrets (the SMS webhook's `?token=`). */
const SECRET_PARAMS = new Set(["token"]);
const REDACTED = "[redacted]";

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " ")).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * The path segment before a one-time link's token (setup, invitation, reset; the page under
 * /admin and its API under /api). Matched on the decoded path, in any case, so `/%61dmin/reset/…`
 * or `/API/setup/…` hide their token too.
 */
const ONE_TIME_LINK =
  /^(\/+(?:admin\/+(?:setup|invitation|reset)|api\/+(?:setup|invitations|password-resets))\/+)[^/]+/i;
/** A cheap first look: most paths (every page and asset) have neither these words nor an escape. */
const MAY_HOLD_TOKEN = /setup|invitation|reset|%/i;

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    // A malformed escape: decode what can be decoded, so a token after it is still found.
    return path.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/**
 * The path as it may be logged: a one-time link's token replaced (`/admin/reset/[redacted]`,
 * `/api/password-resets/[redacted]`, whatever follows it in that segment too). A path with a
 * token is written decoded, since its raw spelling may be any mix of escapes; others as sent.
 */
function redactPath(path: string): string {
  if (!MAY_HOLD_TOKEN.test(path)) return path;
  const decoded = decodedPath(path);
  const match = ONE_TIME_LINK.exec(decoded);
  if (!match) return path;
  return `${decoded.slice(0, match[1]!.length)}${REDACTED}${decoded.slice(match[0].length)}`;
}

/**
 * The URL as it may be logged: a one-time link's token replaced (`redactPath`), and the value of
 * every secret query parameter replaced, however its name is encoded (`?token=`, `?%74oken=`,
 * `?TOKEN=`); the rest is kept as sent.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  const path = redactPath(query === -1 ? url : url.slice(0, query));
  if (query === -1) return path;
  const pairs = url.slice(query + 1).split("&");
  for (let i = 0; i < pairs.length; i += 1) {
    const pair = pairs[i]!;
    const equals = pair.indexOf("=");
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (SECRET_PARAMS.has(decodedName(name))) pairs[i] = `${name}=${REDACTED}`;
  }
  return `${path}?${pairs.join("&")}`;
}

/**
 * pino serializers for the server's logger: Fastify's request fields, with the URL redacted
 * (secrets stay out of logs, docs/product.md section 10) and the client address as resolved for TRUST_PROXY
 * (never an X-Forwarded-For entry the proxies did not vouch for).
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return requestLogFields(
      request.method,
      request.url,
      request.host,
      // A line written before the onRequest hooks ran knows only the socket.
      request.clientAddress || request.raw.socket?.remoteAddress,
      request.raw.socket?.remotePort,
    );
  },
};

/** A request as the log shows it (`req`); also for answers made before Fastify (front-door.ts). */
export function requestLogFields(
  method: string | undefined,
  url: string,
  host: string,
  remoteAddress: string | undefined,
  remotePort: number | undefined,
) {
  return { method, url: redactUrl(url), host, remoteAddress, remotePort };
}
