import { FIRST_EVENT_SLUG } from "../../event-paths.js";
import type { EventContent } from "../event.js";

/*
 * The Currents of Care event. Values marked PLACEHOLDER are listed in
 * app/content/PLACEHOLDERS.md; the participants' names and bios must come from the participants
 * themselves, with their approval, before launch.
 */
export const currentsOfCareSeed = {
  slug: FIRST_EVENT_SLUG,
  status: "scheduled",
  title: "Currents of Care",
  tagline: "A free community mural gathering",
  description:
    "Currents of Care is a free community mural gathering honoring the Cedar River and the Indigenous heritage of the lands and waters it flows through. Come paint, share stories and help create a lasting work of art together.",
  admission: "Free",
  audience: "All ages welcome. No art experience needed; all materials are provided.",
  timezone: "America/Los_Angeles",
  // The date and time lines the page shows are written from the sessions (common/event-dates.ts).
  sessions: [
    {
      start: "2025-10-11T12:00:00-07:00",
      end: "2025-10-11T15:00:00-07:00",
    },
    {
      start: "2025-10-25T12:00:00-07:00",
      end: "2025-10-25T15:00:00-07:00",
    },
  ],
  location: {
    // PLACEHOLDER: the library's real name, street address and postal code (neutral until then:
    // no invented address is shown to visitors).
    name: "A public library in Renton",
    city: "Renton",
    region: "WA",
    country: "US",
  },
  card: {
    heading: "Join Us",
    dateLabel: "Dates",
    timeLabel: "Time",
    locationLabel: "Location",
  },
  register: {
    label: "Register for Event",
    // PLACEHOLDER: the real ticketing page.
    url: "https://example.com/tickets/currents-of-care",
    accessibleLabel: "Register for Currents of Care (free tickets)",
  },
  social: {
    facebook: {
      label: "Facebook",
      // PLACEHOLDER: the event's real Facebook page.
      url: "https://example.com/social/facebook/currents-of-care",
      accessibleLabel: "Currents of Care on Facebook",
    },
    instagram: {
      label: "Instagram",
      // PLACEHOLDER: the event's real Instagram account.
      url: "https://example.com/social/instagram/currents-of-care",
      accessibleLabel: "Currents of Care on Instagram",
    },
  },
  gallery: {
    label: "Event gallery",
    controls: {
      previous: "Previous slide",
      next: "Next slide",
      goTo: "Go to slide {n}",
      position: "{n} of {count}",
      pause: "Pause rotation",
      resume: "Resume rotation",
    },
    // PLACEHOLDER: both pictures are generated illustrations; replace with a real photo of the
    // Cedar River and real photos of the community mural (with the artists' permission).
    slides: [
      {
        src: "/images/cedar-river.webp",
        avifSrc: "/images/cedar-river.avif",
        alt: "Illustration of the Cedar River winding between evergreen forests toward misty mountains at sunrise",
        caption: "The Cedar River, whose story and spirit inspire the mural.",
        width: 1280,
        height: 720,
      },
      {
        src: "/images/community-mural.webp",
        avifSrc: "/images/community-mural.avif",
        alt: "Colorful painted mural of a cedar tree, a bright orange sun, a ring of circles around a heart and flowing blue river waves",
        caption: "Community mural art: many hands, one shared river.",
        width: 1280,
        height: 720,
      },
    ],
  },
  addToCalendar: {
    label: "Add to calendar",
    // No file named: the page links the event's own calendar file (/currents-of-care.ics).
    accessibleLabel: "Add to calendar: both Currents of Care dates (.ics file)",
  },
  about: {
    heading: "About the Project",
    paragraphs: [
      "Currents of Care brings neighbors together to paint a shared mural celebrating the Cedar River: its waters, its salmon, its forests and the Indigenous communities who have cared for it for generations.",
      "Over two Saturday afternoons, artists, families, youth and library staff will sketch, paint and share stories side by side. No experience is needed. Every brushstroke helps tell the story of the river we share.",
      "The finished mural will stay at the library as a lasting reminder that caring for our river and caring for one another go hand in hand.",
    ],
    flyer: {
      src: "/images/flyer.webp",
      avifSrc: "/images/flyer.avif",
      alt: "Event flyer: Currents of Care, a free community mural gathering honoring the Cedar River and Indigenous heritage. Saturdays, October 11 and 25, 2025, 12:00-3:00 PM, at a public library in Renton, WA. All ages welcome, free, paint with us.",
      width: 800,
      height: 1035,
    },
  },
  artMap: {
    label: "Explore the map of Coast Salish public art",
    // PLACEHOLDER: the real interactive map of Coast Salish public art.
    url: "https://example.org/maps/coast-salish-public-art",
    accessibleLabel: "Explore the interactive map of Coast Salish public art",
    description:
      "Discover public artworks by Coast Salish artists across the region on an interactive map.",
  },
  team: {
    heading: "Team Participants",
    intro: "The artists, storytellers and organizers bringing Currents of Care to life.",
    // PLACEHOLDER: all five people are placeholders; use real names, roles and bios supplied
    // and approved by each participant (including any affiliation they wish to share).
    participants: [
      {
        name: "Alex Example",
        role: "Lead Muralist",
        bio: "A muralist whose bold, layered work celebrates water, memory and place. Alex designed the mural's overall composition and guides painters of every age.",
        artwork: {
          src: "/images/artwork-river-memory.webp",
          avifSrc: "/images/artwork-river-memory.avif",
          alt: "Painting of overlapping rings of blue, teal and cream rippling across an ochre background, with red and green leaves drifting on the surface",
          title: "River Memory",
          width: 800,
          height: 800,
        },
      },
      {
        name: "Rae Example",
        role: "Youth Artist",
        bio: "A high school artist who loves cut-paper collage and bright color. Rae leads the youth painting table and helped sketch the river panels.",
        artwork: {
          src: "/images/artwork-cedar-song.webp",
          avifSrc: "/images/artwork-cedar-song.avif",
          alt: "Cut-paper style artwork of a green cedar tree in front of a large orange sun, with blue river waves below and small stars in a navy sky",
          title: "Cedar Song",
          width: 800,
          height: 800,
        },
      },
      {
        name: "Jamie Example",
        role: "Community Storyteller",
        bio: "A storyteller who gathers the memories and hopes neighbors share about the river and weaves them into the mural's themes.",
      },
      {
        name: "Quinn Example",
        role: "Library Program Coordinator",
        bio: "Coordinates the library's community programs and makes sure every visitor finds a brush, a seat and a warm welcome.",
      },
      {
        name: "Robin Example",
        role: "Project Lead",
        bio: "A learning designer who brought the partners together and plans each gathering so that everyone can take part.",
      },
    ],
  },
  joinTheMovement: {
    heading: "Join the Movement",
    text: "Caring for the river is a shared responsibility. Learn more about the project, volunteer at a gathering or bring Currents of Care to your own community.",
    learnMore: {
      label: "Learn More",
      // PLACEHOLDER: the project's real page.
      url: "https://example.org/currents-of-care",
      accessibleLabel: "Learn more about Currents of Care",
    },
    getInvolved: {
      label: "Get Involved",
      // PLACEHOLDER: the real volunteer sign-up page.
      url: "https://example.org/currents-of-care/get-involved",
      accessibleLabel: "Get involved with Currents of Care",
    },
  },
  footnote: {
    marker: "*",
    // PLACEHOLDER: the real name of the team member who coined the term.
    text: "The name “Currents of Care” was offered by team participant Jamie Example.",
    linkLabel: "footnote",
  },
} satisfies EventContent;

/** Every seeded event, in the order /events and the staff list show them. */
export const eventsSeed: readonly EventContent[] = [currentsOfCareSeed];
