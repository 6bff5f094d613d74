import type { FastifyInstance } from "fastify";
import type { ContentProblem } from "../../common/content-api.js";
import type { CollectionDefinition } from "../../common/content/collections.js";
import { defaultAccess } from "../accounts/access.js";
import { registerDraftRoutes } from "./content-draft-routes.js";
import { registerPublishRoutes } from "./content-publish-routes.js";
import { contentParams } from "./content-route-parts.js";
import type { ContentRepository } from "./content-repository.js";

/**
 * The content API for staff (`/api/content/...`): the drafts' routes and the publishing ones,
 * behind the drafts' access, never cached. Each change names its audit action
 * (server/audit/audit-plugin.ts); what goes live (or leaves) needs more than drafting
 * ("publishing", an editor's role).
 */
export function registerContentRoutes(
  app: FastifyInstance,
  options: {
    repository: ContentRepository;
    collections: readonly CollectionDefinition[];
    clock: () => number;
    /** The published entries today's schemas refuse (content-store.ts), after a fresh build. */
    problems?: () => Promise<readonly ContentProblem[]>;
  },
): void {
  const { repository, collections, clock } = options;
  const params = contentParams(collections);
  app.register(async (admin) => {
    // Checked on request, before the body is read: an anonymous client cannot make the server
    // parse up to 256 KiB (server/accounts/access.ts).
    defaultAccess(admin, "drafts");
    admin.addHook("onSend", async (_request, reply) => {
      void reply.header("Cache-Control", "no-store");
    });
    registerDraftRoutes(admin, { repository, collections, params, problems: options.problems });
    registerPublishRoutes(admin, { repository, params, clock });
  });
}
