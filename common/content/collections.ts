import type { z } from "../zod.js";

/**
 * The staff-managed content collections (docs/product.md section 14). This file is the contract
 * between the content schemas (`common/content/`), the store and API (`server/content/`) and the
 * renderer (`app/`): names, labels and kinds are fixed here; each collection's zod schema and
 * seed live beside it in `common/content/`.
 */
export const COLLECTION_NAMES = [
  "site",
  "organisation",
  "home",
  "about",
  "services",
  "courses",
  "publications",
  "conferences",
  "expertise",
  "team",
  "partners",
  "projects",
  "events",
  "privacy",
  "terms",
] as const;

export type CollectionName = (typeof COLLECTION_NAMES)[number];

/** Singletons hold one entry; lists hold one entry per item, in the order staff arrange them. */
export type CollectionKind = "singleton" | "list";

export const SINGLETON_NAMES = [
  "site",
  "organisation",
  "home",
  "about",
  "services",
  "privacy",
  "terms",
] as const;
export type SingletonName = (typeof SINGLETON_NAMES)[number];
export type ListName = Exclude<CollectionName, SingletonName>;

export function isCollectionName(value: string): value is CollectionName {
  return (COLLECTION_NAMES as readonly string[]).includes(value);
}

export function collectionKind(name: CollectionName): CollectionKind {
  return (SINGLETON_NAMES as readonly string[]).includes(name) ? "singleton" : "list";
}

/** What the store, the API and the editor need to know about one collection. */
export interface CollectionDefinition<T = unknown> {
  readonly name: CollectionName;
  /** Shown to staff, e.g. "Courses". */
  readonly label: string;
  /** A list's one entry as staff name it ("course": "New course"); "entry" when not given. */
  readonly itemLabel?: string;
  readonly kind: CollectionKind;
  /** Validates an entry's `data` (limits, required fields, messages for staff). */
  readonly schema: z.ZodType<T>;
  /** Today's content: one entry for a singleton, every item in order for a list. */
  readonly seed: readonly T[];
}
