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
 * The URL as it may be logged: the value of every secret query parameter replaced, however its
 * name is encoded (`?token=`, `?%74oken=`, `?TOKEN=`); the rest is kept as sent.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  if (query === -1) return url;
  const pairs = url.slice(query + 1).split("&");
  let changed = false;
  for (let i = 0; i < pairs.length; i += 1) {
    const pair = pairs[i]!;
    const equals = pair.indexOf("=");
    const name = equals === -1 ? pair : pair.slice(0, equals);
    if (SECRET_PARAMS.has(decodedName(name))) {
      pairs[i] = `${name}=${REDACTED}`;
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query + 1)}${pairs.join("&")}` : url;
}

/**
 * pino serializers for the server's logger: Fastify's request fields, with the URL redacted
 * (secrets stay out of logs, docs/product.md section 10) and the client address as resolved for TRUST_PROXY
 * (never an X-Forwarded-For entry the proxies did not vouch for).
 */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      // A line written before the onRequest hooks ran knows only the socket.
      remoteAddress: request.clientAddress || request.raw.socket?.remoteAddress,
      remotePort: request.raw.socket?.remotePort,
    };
  },
};
