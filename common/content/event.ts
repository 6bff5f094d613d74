import type { CollectionDefinition } from "./collections.js";
import {
  choice,
  externalLink,
  group,
  image,
  list,
  multiLine,
  pixels,
  singleLine,
  sitePath,
  slug,
} from "./fields.js";
import { eventsSeed } from "./seed/event.js";
import { isRealDateTime } from "../dates.js";
import type { ShownLine } from "../event-dates.js";
import { z } from "../zod.js";

/** An ISO 8601 time with its offset, e.g. 2025-10-11T12:00:00-07:00. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?(Z|[+-]\d{2}:\d{2})$/;

function eventTime(label: string) {
  const message = `${label} must be a date and time with its offset, e.g. 2025-10-11T12:00:00-07:00`;
  return z
    .string({ error: message })
    .refine((value) => ISO_WITH_OFFSET.test(value) && isRealDateTime(value), {
      error: message,
    })
    .meta({
      label,
      help: "Use the offset in force on that day (-07:00 in summer, -08:00 in winter).",
      // The editor asks a date and a time in the event's time zone (decision 030).
      format: "zoned-date-time",
    });
}

/**
 * A date or time line the page shows: written from the sessions (common/event-dates.ts) unless
 * staff write their own ("Write my own" in the editor); left out, the generated line is shown.
 */
function shownLine(line: ShownLine, label: string, maxLength: number) {
  const base = singleLine(label, maxLength);
  return base.meta({ ...base.meta(), format: "shown-line", line }).optional();
}

/** What staff may set about an event; its other states come from the clock (common/event-state.ts). */
export const EVENT_STAFF_STATUSES = ["scheduled", "cancelled", "postponed"] as const;

/** The time zones the calendar file (app/features/event/ics.ts) has a VTIMEZONE for. */
export const EVENT_TIME_ZONES = ["America/Los_Angeles"] as const;

const session = group(
  {
    start: eventTime("Start"),
    end: eventTime("End"),
    dateLabel: shownLine("session-date", "Date as shown", 80),
    timeLabel: shownLine("session-time", "Time as shown", 40),
  },
  "Session",
).refine((value) => Date.parse(value.end) > Date.parse(value.start), {
  error: "End must be after Start",
  path: ["end"],
});

const gallerySlide = group(
  {
    src: sitePath("Picture file"),
    avifSrc: sitePath("AVIF file").optional(),
    alt: singleLine("Alt text", 400, {
      help: "What the picture shows, for people who cannot see it.",
    }),
    caption: singleLine("Caption", 200),
    width: pixels("Width"),
    height: pixels("Height"),
  },
  "Slide",
);

const participant = group(
  {
    name: singleLine("Name", 120, {
      help: "PLACEHOLDER until launch: use names and bios supplied and approved by each participant.",
    }),
    role: singleLine("Role", 120),
    bio: multiLine("Bio", 1000),
    artwork: image("Artwork")
      .extend({ title: singleLine("Artwork title", 120) })
      .meta({ label: "Artwork", help: "Optional picture of the participant's artwork." })
      .optional(),
  },
  "Participant",
);

/**
 * Words the site supplies for an event's controls and labels (issue 29): an entry may override
 * each, and a new entry asks for none. They are the words every seeded event shows.
 */
export const EVENT_DEFAULTS = {
  card: { heading: "Join Us", dateLabel: "Dates", timeLabel: "Time", locationLabel: "Location" },
  galleryLabel: "Event gallery",
  controls: {
    previous: "Previous slide",
    next: "Next slide",
    goTo: "Go to slide {n}",
    position: "{n} of {count}",
    pause: "Pause rotation",
    resume: "Resume rotation",
  },
  addToCalendar: { label: "Add to calendar" },
  footnote: { marker: "*", linkLabel: "Footnote" },
} as const;

/** A word the site supplies unless the entry gives its own (optional in the editor). */
function siteWord(label: string, max: number, fallback: string, help?: string) {
  const base = singleLine(label, max, { help });
  return base
    .default(fallback)
    .meta({ ...base.meta(), help: `${help ? `${help} ` : ""}Leave empty for "${fallback}".` });
}

const controlText = (label: string, fallback: string, help?: string) =>
  siteWord(label, 60, fallback, help);

/**
 * One event: its page, its calendar file, its JSON-LD and its line on /events. A new event needs
 * only its title, its sessions and its place (issue 29); every other block is added when wanted
 * and the words of its controls come from EVENT_DEFAULTS.
 */
export const eventSchema = group(
  {
    slug: slug(
      "Address name",
      "The end of the page's address: /events/<address name>. The Currents of Care event keeps /currents-of-care.",
      { kind: "address", from: "title" },
    ),
    status: choice(
      EVENT_STAFF_STATUSES,
      "Status",
      "scheduled: as planned (the page shows upcoming, happening now or ended by itself). cancelled or postponed: the page says so and offers no registration.",
    ).default("scheduled"),
    title: singleLine("Title", 120),
    tagline: singleLine("Tagline", 200).optional(),
    description: multiLine("Description", 1000, {
      help: "Used in the page's metadata, the calendar file and search results.",
    }).optional(),
    admission: singleLine("Admission", 60).optional(),
    audience: singleLine("Audience", 300).optional(),
    timezone: choice(
      EVENT_TIME_ZONES,
      "Time zone",
      "Where the event takes place; the calendar file describes these zones.",
    ),
    sessions: list(session, "Sessions", { min: 1, max: 10 }),
    datesLabel: shownLine("event-dates", "Dates as shown", 120),
    timeLabel: shownLine("event-time", "Time as shown", 40),
    location: group(
      {
        name: singleLine("Place", 120, { help: "PLACEHOLDER until launch." }),
        streetAddress: singleLine("Street address", 200, {
          help: "PLACEHOLDER until launch: the place's real street address (may be left out).",
        }).optional(),
        city: singleLine("City", 80).optional(),
        region: singleLine("State", 40).optional(),
        postalCode: singleLine("Postal code", 20, {
          help: "PLACEHOLDER until launch (may be left out).",
        }).optional(),
        country: singleLine("Country code", 2, { help: "Two letters, e.g. US." }).optional(),
      },
      "Location",
    ),
    card: group(
      {
        heading: siteWord("Heading", 120, EVENT_DEFAULTS.card.heading),
        dateLabel: siteWord("Dates label", 40, EVENT_DEFAULTS.card.dateLabel),
        timeLabel: siteWord("Time label", 40, EVENT_DEFAULTS.card.timeLabel),
        locationLabel: siteWord("Location label", 40, EVENT_DEFAULTS.card.locationLabel),
      },
      "Details card words",
      "The card's heading and labels; the site's own words unless you add yours.",
    ).default({ ...EVENT_DEFAULTS.card }),
    register: externalLink(
      "Register link",
      "PLACEHOLDER address until launch: the ticketing page.",
    ).optional(),
    social: group(
      {
        facebook: externalLink("Facebook", "PLACEHOLDER address until launch.").optional(),
        instagram: externalLink("Instagram", "PLACEHOLDER address until launch.").optional(),
      },
      "Event social links",
    ).optional(),
    gallery: group(
      {
        label: siteWord("Gallery name", 60, EVENT_DEFAULTS.galleryLabel),
        controls: group(
          {
            previous: controlText("Previous", EVENT_DEFAULTS.controls.previous),
            next: controlText("Next", EVENT_DEFAULTS.controls.next),
            goTo: controlText(
              "Go to slide",
              EVENT_DEFAULTS.controls.goTo,
              "{n} is the slide's number.",
            ),
            position: controlText(
              "Position",
              EVENT_DEFAULTS.controls.position,
              "{n} is the slide's number, {count} how many there are.",
            ),
            pause: controlText("Pause", EVENT_DEFAULTS.controls.pause),
            resume: controlText("Resume", EVENT_DEFAULTS.controls.resume),
          },
          "Control words",
          "What the gallery's buttons say to screen readers; the site's own words unless you add yours.",
        ).default({ ...EVENT_DEFAULTS.controls }),
        slides: list(gallerySlide, "Slides", {
          min: 1,
          max: 10,
          help: "PLACEHOLDER pictures until launch: a real photo of the Cedar River and real mural photos, with permission.",
        }),
      },
      "Gallery",
    ).optional(),
    addToCalendar: group(
      {
        label: siteWord("Link text", 60, EVENT_DEFAULTS.addToCalendar.label),
        href: sitePath(
          "Calendar file",
          "Leave empty: the page links to its own calendar file (/events/<address name>/calendar.ics).",
        ).optional(),
        accessibleLabel: singleLine("Longer accessible name", 200).optional(),
      },
      "Add to calendar link words",
    ).default({ ...EVENT_DEFAULTS.addToCalendar }),
    about: group(
      {
        heading: singleLine("Heading", 120),
        paragraphs: list(multiLine("Paragraph", 1500), "Paragraphs", { min: 1, max: 10 }),
        flyer: image("Flyer", "PLACEHOLDER until launch: the real flyer.").optional(),
      },
      "About the project",
    ).optional(),
    artMap: externalLink("x")
      .extend({ description: multiLine("Description", 600) })
      .meta({ label: "Art map link", help: "PLACEHOLDER address until launch." })
      .optional(),
    team: group(
      {
        heading: singleLine("Heading", 120),
        intro: multiLine("Introduction", 600),
        participants: list(participant, "Participants", { min: 1, max: 20 }),
      },
      "Team participants",
    ).optional(),
    joinTheMovement: group(
      {
        heading: singleLine("Heading", 120),
        text: multiLine("Text", 600),
        learnMore: externalLink("Learn more link", "PLACEHOLDER address until launch."),
        getInvolved: externalLink("Get involved link", "PLACEHOLDER address until launch."),
      },
      "Join the movement",
    ).optional(),
    footnote: group(
      {
        marker: siteWord("Marker", 4, EVENT_DEFAULTS.footnote.marker),
        text: singleLine("Text", 300, {
          help: "PLACEHOLDER until launch: the real name of the team member who coined the name.",
        }),
        linkLabel: siteWord(
          "Marker's accessible name",
          40,
          EVENT_DEFAULTS.footnote.linkLabel,
          "Read by screen readers on the marker that links to the footnote.",
        ),
      },
      "Footnote",
    ).optional(),
  },
  "Event",
);

export type EventContent = z.output<typeof eventSchema>;
export type EventGallery = NonNullable<EventContent["gallery"]>;
export type GallerySlide = EventGallery["slides"][number];
export type TeamParticipant = NonNullable<EventContent["team"]>["participants"][number];

export const eventsCollection: CollectionDefinition<EventContent> = {
  name: "events",
  label: "Events",
  itemLabel: "event",
  kind: "list",
  schema: eventSchema,
  seed: eventsSeed,
};

/** A message per address name used by more than one event (each page needs its own address). */
export function duplicateEventSlugs(events: readonly { slug: string }[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const { slug: name } of events) (seen.has(name) ? repeated : seen).add(name);
  return [...repeated].map(
    (name) => `Two events have the address name "${name}"; each needs its own`,
  );
}
