import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { contactSubmissionSchema } from "../../common/contact-schemas.js";
import { HONEYPOT_FIELD, type ContactAccepted } from "../../common/contact.js";
import { HttpError, parseInput } from "../http/errors.js";
import type { ContactRateLimiter } from "./contact-rate-limiter.js";
import type { ContactRepository } from "./contact-repository.js";
import { markVisit } from "../statistics/visit-marks.js";

export interface ContactRoutesOptions {
  repository: ContactRepository;
  limiter: ContactRateLimiter;
  /** CONTACT_BLOCKLIST: lowercased addresses and @domains. */
  blocklist: readonly string[];
  /** Called after a deliverable message is stored (wakes the outbox worker). */
  onStored?: () => void;
}

/**
 * True when `email` is on the block list: the exact address, or its domain given as `@domain`
 * (an entry without any `@` is taken as a domain too).
 */
export function isBlockedSender(email: string, blocklist: readonly string[]): boolean {
  const address = email.trim().toLowerCase();
  if (address === "") return false;
  const domain = address.slice(address.lastIndexOf("@") + 1);
  return blocklist.some((entry) => {
    if (entry.startsWith("@")) return domain === entry.slice(1);
    if (entry.includes("@")) return address === entry;
    return domain === entry;
  });
}

/** A valid contact submission, as the schema gives it. */
export type ContactInput = z.output<typeof contactSubmissionSchema>;

/**
 * Applies the protections to a valid submission and stores it: the rate limit (429), the block
 * list (403), the honeypot (answered like a success, kept as spam, never delivered). Returns the
 * stored message's id. Shared by the JSON API and the form post without JavaScript (decision 023).
 */
export async function acceptContact(
  options: ContactRoutesOptions,
  input: ContactInput,
  request: FastifyRequest,
): Promise<string> {
  const { repository, limiter, blocklist, onStored } = options;
  const verdict = await limiter.hit(request.ip);
  if (!verdict.allowed) {
    const seconds = verdict.retryAfterSeconds;
    throw new HttpError(
      429,
      "too_many_requests",
      `Too many messages from your address. Please try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
      undefined,
      { "Retry-After": String(seconds) },
    );
  }
  if (isBlockedSender(input.email, blocklist)) {
    request.log.info("contact message refused: sender on CONTACT_BLOCKLIST");
    throw new HttpError(403, "forbidden", "Forbidden");
  }

  // A filled honeypot is answered like a success (the bot learns nothing), kept as spam.
  const honeypot = input[HONEYPOT_FIELD].trim() !== "";
  const id = await repository.insert({
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    message: input.message,
    course: input.course,
    spamReason: honeypot ? "honeypot" : null,
  });
  if (!honeypot) {
    onStored?.();
    markVisit(request, { kind: "goal", goal: "contact" });
  }
  return id;
}

export function registerContactRoutes(app: FastifyInstance, options: ContactRoutesOptions): void {
  app.post("/api/contact", { config: { access: "public" } }, async (request, reply) => {
    const input = parseInput(contactSubmissionSchema, request.body);
    const body: ContactAccepted = { id: await acceptContact(options, input, request) };
    return reply.code(202).send(body);
  });
}
