import {
  FACTOR_GRACE_DAYS,
  roleNeedsFactor,
  type FactorRequirement,
} from "../../common/second-factors.js";
import type { StaffAccount } from "../auth/account-repository.js";
import { isoAt } from "../db/time.js";
import type { FactorRepository } from "./factor-repository.js";

export { roleNeedsFactor };

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RequirementInput {
  role: string;
  /** The account's factor_grace_from (its creation or the upgrade; never a promotion). */
  graceFrom: string;
  /** When the owner required a factor of every role, or null. */
  everyoneSince: string | null;
  enrolled: boolean;
  now: number;
}

/**
 * The 14-day grace rule (decision 032): owners and administrators need a factor 14 days after
 * their grace began; with the owner's setting on, every role does, 14 days after the later of
 * its own grace start and the setting's.
 */
export function factorRequirement(input: RequirementInput): FactorRequirement {
  const byRole = roleNeedsFactor(input.role);
  if (!byRole && input.everyoneSince === null) {
    return { required: false, enrolled: input.enrolled, dueAt: null, overdue: false };
  }
  const from = Date.parse(input.graceFrom);
  const start = byRole ? from : Math.max(from, Date.parse(input.everyoneSince!));
  const due = start + FACTOR_GRACE_DAYS * DAY_MS;
  return {
    required: true,
    enrolled: input.enrolled,
    dueAt: isoAt(due),
    overdue: !input.enrolled && input.now >= due,
  };
}

/** An account's standing with the rule, from the database. */
export async function requirementFor(
  factors: FactorRepository,
  account: StaffAccount,
  now: number,
  /** Say `enrolled` truly even when nothing is required (the access check skips it). */
  full = false,
): Promise<FactorRequirement> {
  const everyoneSince = roleNeedsFactor(account.role) ? null : await factors.everyoneSince();
  const needed = roleNeedsFactor(account.role) || everyoneSince !== null;
  return factorRequirement({
    role: account.role,
    graceFrom: account.factor_grace_from ?? account.created_at,
    everyoneSince,
    // Looked up only when it matters: this runs on every staff request.
    enrolled: needed || full ? await factors.hasFactor(account.id) : false,
    now,
  });
}
