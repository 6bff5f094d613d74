/**
 * Second factors of staff accounts (docs/product.md 5.0, decision 032): what the server and
 * the staff pages agree on. Zod-free; request schemas are in second-factor-schemas.ts.
 */

/** Days an owner or administrator (or everyone, when the owner says so) may sign in without one. */
export const FACTOR_GRACE_DAYS = 14;

/** Whether a role must have a second factor whatever the owner's setting says. */
export function roleNeedsFactor(role: string): boolean {
  return role === "owner" || role === "administrator";
}

/** Where an account stands with the rule (GET /api/session and GET /api/account/factors). */
export interface FactorRequirement {
  /** A factor is required of this account (its role, or the owner's setting). */
  required: boolean;
  /** The account has a confirmed TOTP or a passkey. */
  enrolled: boolean;
  /** When the grace ends (null when nothing is required). */
  dueAt: string | null;
  /** Required, not enrolled, and the grace is over: only enrolment is open until it is done. */
  overdue: boolean;
}

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /api/account/factors */
export interface AccountFactors {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: PasskeySummary[];
  requirement: FactorRequirement;
  /** The owner's setting: a factor is required of every role. */
  requiredOfEveryone: boolean;
}

/** What POST /api/session answers (200) when the password was right and a second step is due. */
export interface SecondStepNeeded {
  mfa: Array<"totp" | "recovery-code" | "passkey">;
  /** Sent back with the code to POST /api/session/mfa (5 minutes, for this sign-in only). */
  ticket: string;
}

/** The 403 code of a staff route refused while a required factor is overdue. */
export const FACTOR_OVERDUE_CODE = "second_factor_required";
export const FACTOR_OVERDUE_MESSAGE =
  "Add a second factor (an authenticator app or a passkey) on Your account to continue";

/**
 * What the passkey ceremonies' first calls answer: WebAuthn options (JSON, for
 * @simplewebauthn/browser) and the ticket of their challenge, sent back with the result.
 */
export interface PasskeyCeremony<Options> {
  ticket: string;
  options: Options;
}
