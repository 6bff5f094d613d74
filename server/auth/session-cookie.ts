import type { FastifyReply, FastifyRequest } from "fastify";

/** Over HTTPS the cookie gets Secure and the `__Host-` prefix (no Domain, Path=/). */
export function isSecureRequest(
  request: FastifyRequest,
  publicOrigin: string | undefined,
): boolean {
  return publicOrigin ? publicOrigin.startsWith("https:") : request.protocol === "https";
}

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-sid" : "sid";
}

export function readSessionToken(
  request: FastifyRequest,
  publicOrigin: string | undefined,
): string | undefined {
  return request.cookies[sessionCookieName(isSecureRequest(request, publicOrigin))];
}

/** A session cookie: no Max-Age or Expires, so it ends with the browser session. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  publicOrigin: string | undefined,
): void {
  const secure = isSecureRequest(request, publicOrigin);
  void reply.setCookie(sessionCookieName(secure), token, {
    httpOnly: true,
    sameSite: "strict",
    secure,
    path: "/",
  });
}

export function clearSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicOrigin: string | undefined,
): void {
  const secure = isSecureRequest(request, publicOrigin);
  void reply.clearCookie(sessionCookieName(secure), {
    httpOnly: true,
    sameSite: "strict",
    secure,
    path: "/",
  });
}
