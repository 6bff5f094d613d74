import type { SessionStore } from "../auth/session-store.js";
import type { AccountRepository } from "../auth/account-repository.js";
import { HttpError } from "../http/errors.js";
import type { RateLimiter } from "../rate-limit/rate-limiter.js";
import { passwordProblem } from "./password-policy.js";
import type { StaffMailRepository } from "./staff-mail.js";

// What the invitation and password-reset links share: their lifetimes, limits and options.

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** Reset requests per client address, and per email asked for, per window. */
export const RESET_LIMITS = { perAddress: 5, perEmail: 3, windowMs: 10 * 60 * 1000 } as const;

export interface MailLinkRouteOptions {
  accounts: AccountRepository;
  sessions: SessionStore;
  mail: StaffMailRepository;
  /** Wakes the mail outbox (a new mail is due). */
  onMail?: () => void;
  /** Where links point: PUBLIC_ORIGIN, else the local server. */
  linkOrigin: string;
  limits: { perAddress: RateLimiter; perEmail: RateLimiter };
  hashCost?: number | undefined;
}

/** What both kinds of link need: the options, and a mail queued (and the outbox woken). */
export interface MailLinks extends MailLinkRouteOptions {
  send(to: string, subject: string, text: string): Promise<void>;
}

export const publicRoute = { config: { access: "public" as const } };

/** A chosen password: refused with the policy's reason (400) before anything is spent. */
export function checkNewPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new HttpError(400, "invalid_input", problem, { password: problem });
}

/** The options, with `send` queueing a mail and waking the outbox. */
export function mailLinks(options: MailLinkRouteOptions): MailLinks {
  return {
    ...options,
    async send(to, subject, text) {
      await options.mail.enqueue({ to, subject, text });
      options.onMail?.();
    },
  };
}
