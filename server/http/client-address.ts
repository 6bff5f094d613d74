import { BlockList, isIP, isIPv4, isIPv6, type Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * Who a request comes from (docs/product.md section 10). The address is always a valid IP: the socket's, or
 * with TRUST_PROXY the right-most X-Forwarded-For entry not added by a listed proxy. Nothing a
 * client writes in a header can give it a fresh identity or an over-long one.
 */

/** The reverse proxies named by TRUST_PROXY (addresses and CIDR ranges, IPv4 and IPv6). */
export interface TrustedProxies {
  /** The entries as given, normalised (for messages and logs). */
  entries: readonly string[];
  includes(address: string): boolean;
}

/** Proxies behind proxies are rare; a longer chain than this stops at its last trusted hop. */
const MAX_PROXY_HOPS = 16;
/** The longest textual IP we look at (an IPv6 address with an embedded IPv4 tail is 45). */
const MAX_ADDRESS_LENGTH = 64;

/**
 * Parses TRUST_PROXY's comma-separated entries; throws an Error naming the first bad entry.
 * `true` (and any other entry that is not an address or a CIDR range) is refused: trusting every
 * sender lets any client choose its own address.
 */
export function parseTrustedProxies(value: string): TrustedProxies {
  const list = new BlockList();
  const entries: string[] = [];
  for (const raw of value.split(",")) {
    const entry = raw.trim();
    if (entry === "") continue;
    const [address = "", prefix, ...rest] = entry.split("/");
    const normalised = normaliseAddress(address);
    const family = normalised === null ? 0 : isIP(normalised);
    const bits = family === 4 ? 32 : 128;
    const prefixLength = prefix === undefined ? bits : Number(prefix);
    if (
      normalised === null ||
      rest.length > 0 ||
      (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) ||
      prefixLength > bits
    ) {
      throw new Error(
        `"${entry}" is not an IP address or CIDR range (name the proxies, e.g. 127.0.0.1,10.0.0.0/8)`,
      );
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    list.addSubnet(normalised, prefixLength, type);
    entries.push(prefix === undefined ? normalised : `${normalised}/${prefixLength}`);
  }
  if (entries.length === 0) throw new Error("names no proxy address");
  return {
    entries,
    includes(address) {
      const normalised = normaliseAddress(address);
      if (normalised === null) return false;
      return list.check(normalised, isIPv4(normalised) ? "ipv4" : "ipv6");
    },
  };
}

/**
 * A textual IP in the form it is compared and stored in: IPv4-mapped IPv6 (`::ffff:1.2.3.4`)
 * becomes IPv4, an IPv6 zone (`%eth0`) is dropped, IPv6 is lowercased. Null when not an IP.
 */
export function normaliseAddress(text: string | undefined): string | null {
  if (!text || text.length > MAX_ADDRESS_LENGTH) return null;
  let address = text.trim();
  if (address.startsWith("[") && address.endsWith("]")) address = address.slice(1, -1);
  const zone = address.indexOf("%");
  if (zone !== -1) address = address.slice(0, zone);
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return null;
  address = address.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  return address;
}

/**
 * The client's address: the socket's, or, when the socket is a trusted proxy, the right-most
 * X-Forwarded-For entry that is not itself a trusted proxy. A malformed entry ends the walk at
 * the last valid hop, so garbage never becomes an identity.
 */
export function resolveClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  proxies: TrustedProxies | undefined,
): string {
  let address = normaliseAddress(socketAddress) ?? "0.0.0.0";
  if (!proxies || !forwardedFor || !proxies.includes(address)) return address;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor;
  let end = header.length;
  for (let hop = 0; hop < MAX_PROXY_HOPS && end > 0; hop += 1) {
    const start = header.lastIndexOf(",", end - 1) + 1;
    const entry = normaliseAddress(header.slice(start, end));
    if (entry === null) return address;
    address = entry;
    if (!proxies.includes(entry)) return address;
    end = start - 1;
  }
  return address;
}

/**
 * The key every limit counts by (login failures, contact and SMS rate limits): an IPv4 address
 * as it is, an IPv6 address by its /64 network (one subscriber line gets a whole /64, so counting
 * single IPv6 addresses would give one client billions of identities). At most 24 characters.
 */
export function clientLimitKey(address: string): string {
  // A resolved address is a normalised IP: IPv6 exactly when it has a colon (isIPv6's pattern
  // would cost more than the rest of this function on every request).
  if (!address.includes(":")) return address;
  return `${ipv6Groups(address).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, as lowercase hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address;
  const lastColon = text.lastIndexOf(":");
  const tail = text.slice(lastColon + 1);
  if (tail.includes(".")) {
    // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is the last two groups.
    const [a, b, c, d] = tail.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = rest === undefined || rest === "" ? [] : rest.split(":");
  const missing = rest === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill("0"), ...right].map((group) =>
    parseInt(group, 16).toString(16),
  );
}

declare module "fastify" {
  interface FastifyRequest {
    /** The client's full address (always a valid IP; see resolveClientAddress). */
    clientAddress: string;
  }
}

/** A request's client: its full address and the key limits count it by (clientLimitKey). */
export interface RequestClient {
  readonly address: string;
  readonly key: string;
}

/**
 * The client of a request from its socket and X-Forwarded-For (believed only from a listed
 * proxy). A connection's own address is worked out once: its requests (keep-alive) share it.
 * Shared by the hook below and the front door (front-door.ts).
 */
export function createClientResolver(
  proxies: TrustedProxies | undefined,
): (
  socket: Socket | null | undefined,
  forwardedFor: string | string[] | undefined,
) => RequestClient {
  const connections = new WeakMap<object, RequestClient & { proxy: boolean }>();
  return (socket, forwardedFor) => {
    let connection = socket ? connections.get(socket) : undefined;
    if (!connection) {
      const address = resolveClientAddress(socket?.remoteAddress, undefined, undefined);
      connection = {
        address,
        key: clientLimitKey(address),
        proxy: proxies?.includes(address) ?? false,
      };
      if (socket) connections.set(socket, connection);
    }
    if (!connection.proxy || !forwardedFor) return connection;
    const address = resolveClientAddress(socket?.remoteAddress, forwardedFor, proxies);
    return { address, key: clientLimitKey(address) };
  };
}

/**
 * Sets, on every request, `request.clientAddress` (the client's full IP, for records such as
 * SMS consent and logs) and `request.ip`, which every limiter uses as its client key: the
 * address, with IPv6 grouped by /64 (clientLimitKey). Fastify's own `ip` would believe any
 * X-Forwarded-For entry, garbage included, so it is replaced here.
 */
export function registerClientAddress(
  app: FastifyInstance,
  proxies: TrustedProxies | undefined,
): void {
  app.decorateRequest("clientAddress", "");
  const clientOf = createClientResolver(proxies);
  app.addHook("onRequest", (request, _reply, done) => {
    const { address, key } = clientOf(request.raw.socket, request.headers["x-forwarded-for"]);
    request.clientAddress = address;
    Object.defineProperty(request, "ip", { value: key, enumerable: true });
    done();
  });
}
