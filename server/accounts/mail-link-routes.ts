import type { FastifyInstance } from "fastify";
import { registerInvitationRoutes } from "./invitation-routes.js";
import { mailLinks, type MailLinkRouteOptions } from "./mail-links.js";
import { registerPasswordResetRoutes } from "./password-reset-routes.js";

/**
 * Invitations and password resets by mail (docs/product.md 5.0, decision 028): single-use
 * links whose tokens are stored hashed, sent through the mail outbox (invitation-routes.ts,
 * password-reset-routes.ts).
 */
export function registerMailLinkRoutes(app: FastifyInstance, options: MailLinkRouteOptions): void {
  const links = mailLinks(options);
  registerInvitationRoutes(app, links);
  registerPasswordResetRoutes(app, links);
}
