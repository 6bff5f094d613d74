import { type Kysely, sql } from "kysely";

/*
 * The site's own pictures in the media library (decision 034). They are files of the build
 * (public/images, public/icons, public/video: made by scripts/generate-media.sh with their AVIF
 * and WebP copies), served as they always were; this table lists them so staff see, pick and
 * describe them beside their uploads. Where each is used is read from the content on every
 * GET /api/media (server/content/content-media-usage.ts), not stored here.
 *
 * Written once: the list below is the pictures as they were when this migration was written,
 * not read from today's seeds. Two instances migrating at once (PostgreSQL) are serialised by
 * Kysely's migration lock; every statement also tolerates having run before (table and index
 * "if not exists", rows "on conflict do nothing"), so a picture staff removed from the library is
 * not brought back: the migration runs once per database.
 */

/** [address, width in pixels, format] of one file of a picture. */
type FileAt013 = readonly [string, number, "avif" | "webp"];

interface SitePictureAt013 {
  /** Fixed, so that every database names a picture alike. */
  id: string;
  /** The address content uses for the picture (its widest WebP file, or its SVG). */
  url: string;
  width: number;
  height: number;
  /** The alt text the seeded content gives it; empty: decorative there. */
  alt: string;
  /** Its AVIF and WebP files, narrowest first; none for an SVG. */
  variants: readonly FileAt013[];
}

const PICTURES: readonly SitePictureAt013[] = [
  {
    id: "579e1886-5f6d-4485-81fa-e74e4007766d",
    url: "/images/logo.svg",
    width: 232,
    height: 56,
    alt: "Commons Learning Design",
    variants: [],
  },
  {
    id: "18f64652-de5a-4fd7-827b-658269b0e138",
    url: "/images/logo-light.svg",
    width: 232,
    height: 56,
    alt: "Commons Learning Design",
    variants: [],
  },
  {
    id: "c3b7de75-0db2-43b1-8585-e5d902956cb4",
    url: "/images/logo-mark.svg",
    width: 64,
    height: 64,
    alt: "",
    variants: [],
  },
  {
    id: "a09a6d7d-2690-4428-8f7e-08b8eb9fdb38",
    url: "/images/hero-backdrop.webp",
    width: 1600,
    height: 900,
    alt: "",
    variants: [
      ["/images/hero-backdrop-800w.avif", 800, "avif"],
      ["/images/hero-backdrop-800w.webp", 800, "webp"],
      ["/images/hero-backdrop-1200w.avif", 1200, "avif"],
      ["/images/hero-backdrop-1200w.webp", 1200, "webp"],
      ["/images/hero-backdrop.avif", 1600, "avif"],
      ["/images/hero-backdrop.webp", 1600, "webp"],
    ],
  },
  {
    id: "5e6b28e9-946f-4fe1-85c4-90a23dba87c7",
    url: "/images/home-featured.webp",
    width: 1440,
    height: 810,
    alt: "Illustration of seven people seated together at a workshop table beneath a board covered in colorful sticky notes",
    variants: [
      ["/images/home-featured.avif", 1440, "avif"],
      ["/images/home-featured.webp", 1440, "webp"],
    ],
  },
  {
    id: "889b1e3f-0323-46fc-8ffe-84711732a1a1",
    url: "/images/masthead.webp",
    width: 1200,
    height: 400,
    alt: "",
    variants: [
      ["/images/masthead-480w.avif", 480, "avif"],
      ["/images/masthead-480w.webp", 480, "webp"],
      ["/images/masthead-800w.avif", 800, "avif"],
      ["/images/masthead-800w.webp", 800, "webp"],
      ["/images/masthead.avif", 1200, "avif"],
      ["/images/masthead.webp", 1200, "webp"],
    ],
  },
  {
    id: "7a03e90d-804e-4df2-8e77-d856042fe27a",
    url: "/video/calm-waves-poster.webp",
    width: 640,
    height: 360,
    alt: "Soft waves of teal and blue light drifting slowly across the screen",
    variants: [["/video/calm-waves-poster.webp", 640, "webp"]],
  },
  {
    id: "14d6801c-5488-4b8e-8a58-043ef6d89148",
    url: "/video/ripples-poster.webp",
    width: 640,
    height: 360,
    alt: "Gentle rings of teal and cream rippling outward from the center",
    variants: [["/video/ripples-poster.webp", 640, "webp"]],
  },
  {
    id: "28f8a683-3e8f-4ea7-8232-95323f08ccb7",
    url: "/video/learning-bands-poster.webp",
    width: 640,
    height: 360,
    alt: "Soft glowing shapes in coral and gold drifting across a deep teal background",
    variants: [["/video/learning-bands-poster.webp", 640, "webp"]],
  },
  {
    id: "740c7588-2c8e-46ba-818a-aac4b22a2cf2",
    url: "/icons/gamepad.svg",
    width: 24,
    height: 24,
    alt: "",
    variants: [],
  },
  {
    id: "6d3f1050-6c39-4c59-83fe-b925575f568e",
    url: "/images/partners/northmere-university.svg",
    width: 264,
    height: 80,
    alt: "Northmere University",
    variants: [],
  },
  {
    id: "69b322dd-d3f6-4372-86a1-b8aa3d6c5db0",
    url: "/images/partners/kestrel-partners.svg",
    width: 264,
    height: 80,
    alt: "Kestrel Partners Network",
    variants: [],
  },
  {
    id: "b304827e-d07b-4587-8da0-45718f1bac7a",
    url: "/images/partners/westhollow-university.svg",
    width: 264,
    height: 80,
    alt: "Westhollow University",
    variants: [],
  },
  {
    id: "943d864a-3288-4430-8b0f-78a311b7233e",
    url: "/images/partners/alderbrook-library.svg",
    width: 264,
    height: 80,
    alt: "Alderbrook Public Library",
    variants: [],
  },
  {
    id: "ef88ebad-97a7-43f0-8dee-59ec8ab6fcd3",
    url: "/images/partners/fernway-association.svg",
    width: 264,
    height: 80,
    alt: "Fernway Library Association",
    variants: [],
  },
  {
    id: "b4c79e74-7d62-4693-8ef7-b3d3f80d6ced",
    url: "/images/partners/lanternlight-fund.svg",
    width: 264,
    height: 80,
    alt: "Lanternlight Community Fund",
    variants: [],
  },
  {
    id: "95c3012f-39b4-4d27-824c-e47b2c039c83",
    url: "/images/project-summer-gpt.webp",
    width: 960,
    height: 640,
    alt: "Illustration of a chat window with message bubbles beside a shelf of colorful books under a summer sun",
    variants: [
      ["/images/project-summer-gpt.avif", 960, "avif"],
      ["/images/project-summer-gpt.webp", 960, "webp"],
    ],
  },
  {
    id: "62be59c1-e21a-4693-8c68-ecc1fe1df8ec",
    url: "/images/project-care-framework.webp",
    width: 960,
    height: 640,
    alt: "Illustration of seven library buildings joined in a circle around a heart",
    variants: [
      ["/images/project-care-framework.avif", 960, "avif"],
      ["/images/project-care-framework.webp", 960, "webp"],
    ],
  },
  {
    id: "10b2e6c6-7ade-42fc-81a2-adc084a65fcd",
    url: "/images/cedar-river.webp",
    width: 1280,
    height: 720,
    alt: "Illustration of the Cedar River winding between evergreen forests toward misty mountains at sunrise",
    variants: [
      ["/images/cedar-river.avif", 1280, "avif"],
      ["/images/cedar-river.webp", 1280, "webp"],
    ],
  },
  {
    id: "7fe0fc4d-b011-4c74-816e-ffbb0eb09731",
    url: "/images/community-mural.webp",
    width: 1280,
    height: 720,
    alt: "Colorful painted mural of a cedar tree, a bright orange sun, a ring of circles around a heart and flowing blue river waves",
    variants: [
      ["/images/community-mural.avif", 1280, "avif"],
      ["/images/community-mural.webp", 1280, "webp"],
    ],
  },
  {
    id: "971f2c70-5ac7-4886-8f33-579b7dd45d2e",
    url: "/images/flyer.webp",
    width: 800,
    height: 1035,
    alt: "Event flyer: Currents of Care, a free community mural gathering honoring the Cedar River and Indigenous heritage. Saturdays, October 11 and 25, 2025, 12:00-3:00 PM, at a public library in Renton, WA. All ages welcome, free, paint with us.",
    variants: [
      ["/images/flyer.avif", 800, "avif"],
      ["/images/flyer.webp", 800, "webp"],
    ],
  },
  {
    id: "7781a2ba-b78b-4e73-8643-f5b3c4d4e75f",
    url: "/images/artwork-river-memory.webp",
    width: 800,
    height: 800,
    alt: "Painting of overlapping rings of blue, teal and cream rippling across an ochre background, with red and green leaves drifting on the surface",
    variants: [
      ["/images/artwork-river-memory.avif", 800, "avif"],
      ["/images/artwork-river-memory.webp", 800, "webp"],
    ],
  },
  {
    id: "8c3373d0-94ad-4cff-8318-77658ecd1f33",
    url: "/images/artwork-cedar-song.webp",
    width: 800,
    height: 800,
    alt: "Cut-paper style artwork of a green cedar tree in front of a large orange sun, with blue river waves below and small stars in a navy sky",
    variants: [
      ["/images/artwork-cedar-song.avif", 800, "avif"],
      ["/images/artwork-cedar-song.webp", 800, "webp"],
    ],
  },
];

/** The courses' `icon` as this migration finds it: a name of a file in public/icons. */
const ICON_NAME = /^[a-z0-9-]{1,60}$/;

/**
 * A course's JSON with its icon as an address (`gamepad` → `/icons/gamepad.svg`): the icon
 * field became a pick from the media library, which stores addresses. Anything else is left as
 * it was (the store reports what it cannot read).
 */
export function iconAsAddress(json: string | null): string | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return json;
    const icon = (value as { icon?: unknown }).icon;
    if (typeof icon !== "string" || !ICON_NAME.test(icon)) return json;
    return JSON.stringify({ ...value, icon: `/icons/${icon}.svg` });
  } catch {
    return json;
  }
}

/** The tables this migration writes, as they are at this point (not schema.ts). */
interface TablesAt013 {
  media_site_pictures: {
    id: string;
    url: string;
    width: number;
    height: number;
    alt: string;
    decorative: number;
    variants: string;
    created_at: string;
  };
  content_entries: { id: string; collection: string; data: string | null; draft: string | null };
  content_revisions: { entry_id: string; revision: number; data: string };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("media_site_pictures")
    .ifNotExists()
    .addColumn("id", "varchar(36)", (col) => col.primaryKey())
    .addColumn("url", "varchar(200)", (col) => col.notNull().unique())
    .addColumn("width", "integer", (col) => col.notNull())
    .addColumn("height", "integer", (col) => col.notNull())
    .addColumn("alt", "text", (col) => col.notNull())
    .addColumn("decorative", "integer", (col) => col.notNull().defaultTo(0))
    // JSON: [{ url, width, format }], narrowest first.
    .addColumn("variants", "text", (col) => col.notNull())
    .addColumn("created_at", "varchar(32)", (col) => col.notNull())
    .addCheckConstraint("media_site_pictures_decorative_check", sql`decorative in (0, 1)`)
    .execute();

  const tables = db as unknown as Kysely<TablesAt013>;
  // One time for every row, a millisecond apart in list order, so "newest first" keeps the
  // list's order (the widest pictures of the home page first) below any upload.
  const start = Date.UTC(2025, 0, 1);
  for (const [index, picture] of PICTURES.entries()) {
    await tables
      .insertInto("media_site_pictures")
      .values({
        id: picture.id,
        url: picture.url,
        width: picture.width,
        height: picture.height,
        alt: picture.alt,
        decorative: picture.alt === "" ? 1 : 0,
        variants: JSON.stringify(
          picture.variants.map(([url, width, format]) => ({ url, width, format })),
        ),
        created_at: new Date(start - index).toISOString(),
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  // Course icons: names become addresses, in what is published, the draft and every revision.
  const courses = await tables
    .selectFrom("content_entries")
    .select(["id", "data", "draft"])
    .where("collection", "=", "courses")
    .execute();
  for (const course of courses) {
    const data = iconAsAddress(course.data);
    const draft = iconAsAddress(course.draft);
    if (data !== course.data || draft !== course.draft) {
      await tables
        .updateTable("content_entries")
        .set({ data, draft })
        .where("id", "=", course.id)
        .execute();
    }
    const revisions = await tables
      .selectFrom("content_revisions")
      .select(["revision", "data"])
      .where("entry_id", "=", course.id)
      .execute();
    for (const revision of revisions) {
      const changed = iconAsAddress(revision.data);
      if (changed === revision.data || changed === null) continue;
      await tables
        .updateTable("content_revisions")
        .set({ data: changed })
        .where("entry_id", "=", course.id)
        .where("revision", "=", revision.revision)
        .execute();
    }
  }
}
