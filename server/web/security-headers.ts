import type { FastifyInstance } from "fastify";
import { STRICT_CSP } from "./csp.js";

export interface SecurityHeaderOptions {
  /** The site's public origin, e.g. `https://example.org`; HTTPS turns on HSTS. */
  readonly publicOrigin?: string;
}

/** True when the site is served over HTTPS (so HSTS and upgrade-insecure-requests apply). */
export function isHttpsOrigin(publicOrigin: string | undefined): boolean {
  if (!publicOrigin) return false;
  try {
    return new URL(publicOrigin).protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * The headers every response carries (lower-case names). `content-security-policy` is the
 * strict API policy; routes serving HTML or SVG replace it with their own.
 */
export function securityHeaders(options: SecurityHeaderOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {
    "content-security-policy": STRICT_CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    // Only features browsers recognise: unknown ones (e.g. interest-cohort) log console errors.
    "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
    "cross-origin-opener-policy": "same-origin",
  };
  if (isHttpsOrigin(options.publicOrigin)) {
    headers["strict-transport-security"] = "max-age=31536000";
  }
  return Object.freeze(headers);
}

const registered = new WeakSet<FastifyInstance>();

/**
 * Adds the security headers to every response of `app` (API, static files, 404s and errors:
 * they are set before routing, and Fastify's error path keeps headers already set).
 * Call on the root instance, or from a plugin that skips encapsulation.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): void {
  // buildApp registers them first of all hooks (so a 401 or 403 from an earlier hook carries
  // them too); the web plugin registers them again for apps built without buildApp (its tests).
  if (registered.has(app)) return;
  registered.add(app);
  const entries = Object.entries(securityHeaders(options));
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of entries) reply.header(name, value);
    done();
  });
}
