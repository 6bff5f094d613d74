/**
 * What each staff role may do (docs/product.md 5.0, design of decision 028). The server checks
 * it on every staff route (403); the staff pages read it to show only what a role can use.
 *
 * - `drafts`: read content and updates, save drafts of both, upload and list images
 * - `publishing`: publish, schedule, reorder, restore and delete content, updates and images
 * - `messages`: the contact inbox; `subscribers`: the SMS list and its exports
 * - `statistics`: the site statistics and their export
 * - `staff`: accounts and invitations; `audit`: the audit log; `ownership`: hand it over
 * - `sms-settings`: the texts' sending hours (design 13)
 */
export const PERMISSIONS = [
  "drafts",
  "publishing",
  "messages",
  "subscribers",
  "statistics",
  "staff",
  "audit",
  "ownership",
  "sms-settings",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = ["owner", "administrator", "editor", "contributor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The signed-in person, as GET /api/session names them. */
export interface SessionUser {
  id: string;
  email: string | null;
  name: string;
  role: StaffRole;
}

export const ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  owner: "Owner",
  administrator: "Administrator",
  editor: "Editor",
  contributor: "Contributor",
};

const EDITOR: readonly Permission[] = [
  "drafts",
  "publishing",
  "messages",
  "subscribers",
  "statistics",
];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  administrator: [...EDITOR, "staff", "audit", "sms-settings"],
  editor: EDITOR,
  contributor: ["drafts"],
};

export function can(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Who may call a route: anyone, any signed-in person, or those whose role has the permission.
 * Every /api route declares one (server/accounts/access.ts refuses to start otherwise).
 */
export type Access = "public" | "signed-in" | Permission;

/** The 403 message for a permission a role lacks: says what it takes, so staff know whom to ask. */
export const FORBIDDEN_MESSAGES: Readonly<Record<Permission, string>> = {
  drafts: "Your role cannot edit content",
  publishing:
    "Your role can save drafts only: publishing, scheduling, restoring and deleting need an editor",
  messages: "Your role cannot read the contact messages",
  subscribers: "Your role cannot see the SMS subscribers",
  statistics: "Your role cannot see the site statistics",
  staff: "Only the owner and administrators manage staff accounts",
  audit: "Only the owner and administrators can read the audit log",
  ownership: "Only the owner can do this",
  "sms-settings": "Only the owner and administrators change the texts' sending hours",
};
