import { createServer } from "node:http";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { createAccountRepository } from "./auth/account-repository.js";
import { registerSetupRoutes } from "./accounts/setup-routes.js";
import { registerAccountRoutes } from "./accounts/account-routes.js";
import { registerAccessControl } from "./accounts/access.js";
import { registerAuditLog, registerAuditRoutes } from "./audit/audit-plugin.js";
import { createAuditRepository } from "./audit/audit-repository.js";
import { createAuthenticator, registerAuth } from "./accounts/auth-plugin.js";
import { verifyPassword } from "./auth/password.js";
import { createFactorRepository } from "./factors/factor-repository.js";
import { registerSecondFactors } from "./factors/register.js";
import { createLoginLimiter, MAX_FAILED_LOGINS_PER_ACCOUNT } from "./auth/login-limiter.js";
import { can } from "../common/staff-access.js";
import { createAnonymousWriteLimiter } from "./rate-limit/anonymous-writes.js";
import { createSessionStore } from "./auth/session-store.js";
import type { Config } from "./config.js";
import type { CollectionDefinition } from "../common/content/collections.js";
import { CONTENT_COLLECTIONS, listProblems } from "../common/content/registry.js";
import type { ContactMailTransport } from "./contact/contact-mail.js";
import { registerContact } from "./contact/contact-plugin.js";
import { registerStaffMail } from "./accounts/staff-mail-plugin.js";
import { registerSms } from "./sms/sms-plugin.js";
import type { OutboxSwitch } from "./outbox/outbox.js";
import { registerContent, type ContentOptions } from "./content/content-plugin.js";
import type { DatabaseHandle } from "./db/database.js";
import { createFormOutcomeStore } from "./forms/form-outcome-store.js";
import { registerFormRoutes } from "./forms/form-routes.js";
import { registerHealthRoutes } from "./health/health-routes.js";
import { AccessLog, fastLineWriter } from "./http/access-log.js";
import { createHousekeeping } from "./housekeeping/housekeeping.js";
import { createClientResolver, registerClientAddress } from "./http/client-address.js";
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from "./http/errors.js";
import { allowedHostNames, hostVerdicts, registerHostCheck } from "./http/host-check.js";
import {
  REQUEST_TIMEOUTS,
  registerBodyDeadline,
  timeoutOptions,
  type RequestTimeouts,
} from "./http/timeouts.js";
import { registerOriginCheck } from "./http/origin-check.js";
import { NO_ROUTE_SCHEMAS } from "./http/route-schemas.js";
import { createMediaRepository } from "./media/media-repository.js";
import { MEDIA_RATE_WINDOW_MS, registerMediaRoutes } from "./media/media-routes.js";
import type { MediaUsage } from "./media/media-usage.js";
import { createUploadGate, type UploadGateOptions } from "./media/upload-gate.js";
import type { ContentSource } from "./render/content-source.js";
import { sitePages } from "./render/site-pages.js";
import { createRateLimiter } from "./rate-limit/rate-limiter.js";
import { createFeaturedCache, featuredSource } from "./updates/featured-cache.js";
import { seedUpdatesOnce } from "./updates/updates-seed.js";
import { runWhileOpen } from "./background-work.js";
import { registerStatistics } from "./statistics/statistics-plugin.js";
import { createRedirectLookup } from "./redirects/redirect-lookup.js";
import { createRedirectRepository } from "./redirects/redirect-repository.js";
import { registerRedirectRoutes } from "./redirects/redirect-routes.js";
import { createUpdatesRepository } from "./updates/updates-repository.js";
import { registerUpdatesRoutes } from "./updates/updates-routes.js";
import { registerFirstVariantRedirect } from "./web/first-variant.js";
import { createFrontDoor, createRequestIds } from "./web/front-door.js";
import type { VisitMark } from "./statistics/visit-marks.js";
import { registerSecurityHeaders, registerWeb, securityHeaders } from "./web/index.js";

/** Request bodies above this size are refused with 413. */
export const BODY_LIMIT_BYTES = 16 * 1024;
const FEATURED_CACHE_TTL_MS = 5_000;

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /**
   * scrypt cost (log2 N) of passwords hashed here and of the stand-in hash an unknown email is
   * checked against; the OWASP cost unless a test asks for a cheaper one.
   */
  passwordCost?: number;
  /** The password check; tests wrap it to count the scrypt calls a sign-in makes. */
  verifyPassword?: (password: string, hash: string) => Promise<boolean>;
  /** Built client files to serve; omitted in API-only tests and in `npm run dev`. */
  clientDir?: string;
  /**
   * The server build (`build/server/index.js`): with it, every page is rendered by the server
   * from `content` and kept in memory per content version (server/render/, decision 016).
   */
  serverBuild?: ServerBuild;
  /** Published content for rendered pages; the content store (`app.content`) when omitted. */
  content?: ContentSource;
  clock?: () => number;
  /** A pino logger; without one the app logs nothing (tests). */
  logger?: FastifyBaseLogger;
  /** The outbox workers that send stored contact messages, staff mail and texts (outbox/). */
  outbox?: OutboxSwitch;
  /**
   * The texts' sender in a thread of its own (sms/sender-thread.ts; main.ts asks for it), and,
   * for tests, how soon an idle one ends.
   */
  textsSenderThread?: boolean | { idleExitMs: number };
  /** Replaces the transport MAIL_TRANSPORT selects (tests). */
  mailTransport?: ContactMailTransport;
  /** Scheduled purges of old rows (housekeeping/); off unless enabled (main.ts enables it). */
  housekeeping?: { enabled: boolean; intervalMs?: number };
  /**
   * Write the starting updates once in the database's life (server/updates/updates-seed.ts);
   * off unless asked, so tests start from an empty list.
   */
  seedUpdates?: boolean;
  /**
   * Where content uses each image; by default the content store's answer (drafts and scheduled
   * drafts included), so GET /api/media names the places and DELETE answers 409 while used.
   */
  mediaUsage?: MediaUsage;
  /** Uploads processed at once and admitted at once per process (default 1 and 3; tests). */
  mediaUploads?: UploadGateOptions;
  /**
   * The staff-managed content store (server/content/): the collections (tests pass a small set)
   * and the timings of the scheduler and the change poll. The store itself is `app.content`.
   */
  /** How long clients may take to send (http/timeouts.ts; tests shorten them). */
  timeouts?: Partial<RequestTimeouts>;
  contentStore?: { collections?: readonly CollectionDefinition[] } & Partial<
    Pick<ContentOptions, "schedulerIntervalMs" | "pollIntervalMs">
  >;
}

/** sharp is CPU-heavy: one upload is processed at a time, two more may wait (media/upload-gate.ts). */
const MEDIA_UPLOADS_DEFAULT: UploadGateOptions = { concurrency: 1, admitted: 3 };

/**
 * Builds the whole application from its dependencies; tests call this, `main` listens. It reads
 * as the list of the server's parts in the order they must be registered; each feature's own
 * wiring (its repository, worker and routes) lives in that feature's folder, and a worker runs
 * for the app's life through runWhileOpen.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? Date.now;
  const timeouts = { ...REQUEST_TIMEOUTS, ...deps.timeouts };
  const headerOptions = config.PUBLIC_ORIGIN ? { publicOrigin: config.PUBLIC_ORIGIN } : {};
  const headers = securityHeaders(headerOptions);
  const hostNames = allowedHostNames(config.PUBLIC_ORIGIN, config.ALLOWED_HOSTS);
  const nextRequestId = createRequestIds();
  const serverTimeouts = timeoutOptions(timeouts);
  // Public pages and the featured list, asked for by visitors, are answered before Fastify
  // (web/front-door.ts, decision 056); everything else goes on to it.
  const frontDoor = createFrontDoor<VisitMark>({
    securityHeaders: headers,
    hostAllowed: hostVerdicts(hostNames),
    clientOf: createClientResolver(config.TRUST_PROXY),
    isTrustedProxy: (address) => config.TRUST_PROXY?.includes(address) ?? false,
    nextRequestId,
  });
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    logController: new AccessLog(),
    genReqId: nextRequestId,
    // Fastify's own server (with the same timeouts), with the front door before its handler.
    serverFactory: (handler) => {
      const server = createServer(serverTimeouts.http, (request, response) => {
        if (!frontDoor.tryAnswer(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = serverTimeouts.keepAliveTimeout;
      server.requestTimeout = serverTimeouts.requestTimeout;
      server.setTimeout(serverTimeouts.connectionTimeout);
      return server;
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // Only the named proxies' X-Forwarded-Proto and -Host are believed; the client address is
    // set by registerClientAddress below.
    ...(config.TRUST_PROXY ? { trustProxy: config.TRUST_PROXY.includes } : {}),
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    // Input is validated with zod; Fastify's Ajv and serializer compilers are never loaded.
    schemaController: NO_ROUTE_SCHEMAS,
    ...serverTimeouts,
    // Errors raised before routing go through the app's answers too (with the headers, no echo).
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
  });
  app.decorate("frontDoor", frontDoor);
  // First of all hooks: every answer carries them, whichever hook refuses the request.
  registerSecurityHeaders(app, headerOptions);

  // JSON only: anything else is answered 415 by Fastify's content-type check.
  app.removeContentTypeParser("text/plain");
  // A DELETE or POST with a JSON content type and no body is fine; it has nothing to say.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "") return done(null, undefined);
    parseJson(request, body as string, done);
  });
  registerErrorHandler(app);
  registerHostCheck(app, hostNames);
  registerBodyDeadline(app, timeouts);
  registerClientAddress(app, config.TRUST_PROXY);
  await app.register(cookie);
  registerOriginCheck(app, config.PUBLIC_ORIGIN);
  const sessions = createSessionStore(database.db, clock);
  const accounts = createAccountRepository(database.db, clock);
  const factors = createFactorRepository(database.db, clock);
  const authenticate = createAuthenticator({
    sessions,
    accounts,
    factors,
    clock,
    publicOrigin: config.PUBLIC_ORIGIN,
  });
  // After the Origin check, before any route: every /api route says who may call it, and
  // what it changes goes to the audit log.
  app.decorate("routeAccess", registerAccessControl(app, authenticate));
  const auditLog = createAuditRepository(database.db, clock);
  registerAuditLog(app, auditLog);
  registerAuditRoutes(app, auditLog, clock);

  registerHealthRoutes(app, database);
  const signInLimits = {
    limiter: createLoginLimiter(database.db, clock, config.LOGIN_ADDRESS_LIMIT),
    accountLimiter: createLoginLimiter(database.db, clock, MAX_FAILED_LOGINS_PER_ACCOUNT),
  };
  registerAuth(app, {
    sessions,
    accounts,
    factors,
    clock,
    ...signInLimits,
    publicOrigin: config.PUBLIC_ORIGIN,
    hashCost: deps.passwordCost,
    ...(deps.verifyPassword ? { verify: deps.verifyPassword } : {}),
  });
  const anonymousWrites = createAnonymousWriteLimiter(
    database.db,
    config.ANONYMOUS_WRITE_LIMIT,
    clock,
  );
  registerSecondFactors(app, {
    accounts,
    factors,
    clock,
    ...signInLimits,
    anonymousWrites,
    publicOrigin: config.PUBLIC_ORIGIN,
    verify: deps.verifyPassword ?? verifyPassword,
  });
  registerSetupRoutes(app, { accounts, hashCost: deps.passwordCost });
  const sendStaffMail = registerStaffMail(app, deps, { accounts, sessions, clock });
  registerAccountRoutes(app, {
    accounts,
    sessions,
    sendStaffMail,
    limiter: createLoginLimiter(database.db, clock, config.LOGIN_ADDRESS_LIMIT),
    publicOrigin: config.PUBLIC_ORIGIN,
    hashCost: deps.passwordCost,
    ...(deps.verifyPassword ? { verify: deps.verifyPassword } : {}),
  });
  // Marks what each answer counts as; counted after it is sent (docs/product.md 5.7, decision 042).
  const countAnswer = registerStatistics(app, { config, database, sessions, clock });
  frontDoor.wire({
    writeLine: deps.logger ? fastLineWriter(app.log) : undefined,
    count: countAnswer,
  });
  app.addHook("preClose", (done) => {
    frontDoor.close();
    done();
  });
  const updates = createUpdatesRepository(database.db, clock);
  if (deps.seedUpdates) await seedUpdatesOnce(database.db, clock);
  const featuredCache = createFeaturedCache(FEATURED_CACHE_TTL_MS, clock);
  registerUpdatesRoutes(app, updates, featuredCache, frontDoor);
  const contactOptions = registerContact(app, deps, clock);
  const smsOptions = registerSms(app, deps, clock);
  // The same forms posted without JavaScript, and the outcomes their pages show once.
  const formOutcomes = createFormOutcomeStore(database.db, clock);
  registerFormRoutes(app, {
    outcomes: formOutcomes,
    anonymousWrites,
    contact: contactOptions,
    sms: smsOptions,
  });
  const { collections = CONTENT_COLLECTIONS, ...contentTimings } = deps.contentStore ?? {};
  // Also `app.content`: what the rendered pages read (published) and preview (withDrafts).
  const { store: contentStore, mediaUsage } = await registerContent(app, {
    database,
    collections,
    clock,
    listProblems,
    ...contentTimings,
  });
  registerMediaRoutes(app, {
    repository: createMediaRepository(database.db, clock),
    limiter: createRateLimiter(
      database.db,
      { scope: "media", limit: config.MEDIA_RATE_LIMIT, windowMs: MEDIA_RATE_WINDOW_MS },
      clock,
    ),
    gate: createUploadGate(deps.mediaUploads ?? MEDIA_UPLOADS_DEFAULT),
    usage: deps.mediaUsage ?? mediaUsage,
  });
  // Redirects (docs/product.md 5.8): kept by staff, followed by the 404 answer of every instance.
  const redirectRepository = createRedirectRepository(database.db, clock);
  const redirectLookup = createRedirectLookup(redirectRepository, clock);
  registerRedirectRoutes(app, {
    repository: redirectRepository,
    lookup: redirectLookup,
    ...(config.PUBLIC_ORIGIN ? { publicOrigin: config.PUBLIC_ORIGIN } : {}),
  });
  if (deps.housekeeping?.enabled) {
    const housekeeping = createHousekeeping({
      db: database.db,
      sessions,
      formOutcomes,
      clock,
      log: app.log.child({ component: "housekeeping" }),
      statistics: {
        retentionMonths: config.STATISTICS_RETENTION_MONTHS,
        timeZone: config.SITE_TIME_ZONE,
      },
      ...(deps.housekeeping.intervalMs ? { intervalMs: deps.housekeeping.intervalMs } : {}),
    });
    runWhileOpen(app, housekeeping);
  }

  // Last: static files, security headers on every response, and the 404 answers.
  await registerWeb(app, {
    clientDir: deps.clientDir ?? "",
    ...(config.PUBLIC_ORIGIN ? { publicOrigin: config.PUBLIC_ORIGIN } : {}),
    ...(deps.serverBuild
      ? {
          pages: sitePages({
            build: deps.serverBuild,
            content: deps.content ?? contentStore,
            featured: featuredSource(featuredCache, updates),
            timeZone: config.SITE_TIME_ZONE,
            frontDoor,
            takeFormOutcome: (page, id) => formOutcomes.take(page, id),
            redirects: {
              find: (path) => redirectLookup.find(path),
              followed: (id) => {
                redirectRepository
                  .addHit(id)
                  .catch((error: unknown) =>
                    app.log.warn({ err: error }, "redirects: could not count a hit"),
                  );
              },
            },
            // Drafts for whoever the staff API would answer: a live session of an active
            // account whose required second factor is not overdue (docs/product.md 5.0, decision 040).
            isStaff: (request) =>
              authenticate(request).then(
                () => !request.factorOverdue && can(request.staff!.role, "drafts"),
                () => false,
              ),
          }),
        }
      : {}),
  });
  // After the web plugin, whose security headers (set on request) the redirect then carries:
  // `/` is sent straight to the variant the client hints at (only with a built site to send to).
  if (deps.serverBuild || deps.clientDir) registerFirstVariantRedirect(app);
  return app;
}
