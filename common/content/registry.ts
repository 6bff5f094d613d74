import { aboutCollection } from "./about.js";
import {
  COLLECTION_NAMES,
  collectionKind,
  type CollectionDefinition,
  type CollectionName,
} from "./collections.js";
import { conferencesCollection } from "./conferences.js";
import { coursesCollection, duplicateCourseIdMessage, duplicateCourseIds } from "./courses.js";
import { duplicateEventSlugs, eventsCollection } from "./event.js";
import { expertiseCollection } from "./expertise.js";
import { homeCollection } from "./home.js";
import { privacyCollection, termsCollection } from "./legal-pages.js";
import { organisationCollection } from "./organisation.js";
import { partnersCollection } from "./partners.js";
import { projectsCollection } from "./projects.js";
import { publicationsCollection } from "./publications.js";
import { servicesCollection } from "./services.js";
import { siteCollection } from "./site.js";
import type { CollectionData } from "./snapshot.js";
import { teamCollection } from "./team.js";

import { seedSnapshot, type ContentSnapshot } from "./snapshot.js";

export type { CollectionData, ContentSnapshot } from "./snapshot.js";
export { seedSnapshot };

/*
 * Every collection's definition, in the order of COLLECTION_NAMES. Server-side only (the store,
 * the API, the staff editor): it carries the zod schemas. The public app reads `snapshot.ts`.
 */
const DEFINITIONS: { readonly [N in CollectionName]: CollectionDefinition<CollectionData[N]> } = {
  site: siteCollection,
  organisation: organisationCollection,
  home: homeCollection,
  about: aboutCollection,
  services: servicesCollection,
  courses: coursesCollection,
  publications: publicationsCollection,
  conferences: conferencesCollection,
  expertise: expertiseCollection,
  team: teamCollection,
  partners: partnersCollection,
  projects: projectsCollection,
  events: eventsCollection,
  privacy: privacyCollection,
  terms: termsCollection,
};

export const CONTENT_COLLECTIONS: readonly CollectionDefinition[] = Object.values(DEFINITIONS);

/** The definition of one collection, typed by its name. */
export function collectionDefinition<N extends CollectionName>(
  name: N,
): CollectionDefinition<CollectionData[N]> {
  return DEFINITIONS[name];
}

/**
 * Rules that span a list's entries, which one entry's schema cannot check: today, that every
 * course has its own number and every event its own address. Returns a message per problem (none
 * when the list is fine); the store checks the list as it would be after a save.
 */
export function listProblems(name: CollectionName, items: readonly unknown[]): string[] {
  if (name === "events") {
    return duplicateEventSlugs(
      items.filter(
        (item): item is { slug: string } =>
          typeof item === "object" &&
          item !== null &&
          typeof (item as { slug?: unknown }).slug === "string",
      ),
    );
  }
  if (name !== "courses") return [];
  const withIds = items.filter(
    (item): item is { id: number } =>
      typeof item === "object" &&
      item !== null &&
      typeof (item as { id?: unknown }).id === "number",
  );
  return duplicateCourseIds(withIds).map(duplicateCourseIdMessage);
}

/**
 * The snapshot the site renders from the published data of each collection (entries' `data`,
 * already checked by their schemas when saved, in display order). A singleton takes its one
 * entry; a list takes all of them, possibly none. A singleton with nothing published yet, or a
 * collection left out, keeps its seeded default, so the site always has every text it needs.
 */
export function buildSnapshot(
  published: Partial<Record<CollectionName, readonly unknown[]>>,
): ContentSnapshot {
  const snapshot: Record<string, unknown> = { ...seedSnapshot() };
  for (const name of COLLECTION_NAMES) {
    const entries = published[name];
    if (entries === undefined) continue;
    if (collectionKind(name) === "list") snapshot[name] = entries;
    else if (entries.length > 0) snapshot[name] = entries[0];
  }
  return snapshot as ContentSnapshot;
}
