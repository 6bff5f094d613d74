import type { Publication } from "../publications.js";

/*
 * Five publications, in display order. All are PLACEHOLDERS (see app/content/PLACEHOLDERS.md),
 * described neutrally until the real ones replace them: visitors never read the word.
 */
export const publicationsSeed: readonly Publication[] = [
  {
    title: "Designing With, Not For: Co-Design Practices in Public Library Settings",
    venue: "Journal article · a library practice journal",
    year: 2024,
    url: "https://example.org/publications/co-design-in-libraries",
  },
  {
    title: "Navigating an AI-Empowered Future: A Guide for Community Educators",
    venue: "Practitioner guide · an education publisher",
    year: 2024,
    url: "https://example.org/publications/navigating-an-ai-empowered-future",
  },
  {
    title: "Designing for Teen Mental Health with Virtual Reality: Lessons from Co-Design",
    venue: "Conference paper · conference proceedings",
    year: 2023,
    url: "https://example.org/publications/teen-mental-health-vr",
  },
  {
    title: "Young Makers, Augmented Worlds: Youth-Led Augmented Reality Game Creation",
    venue: "Book chapter · an edited volume",
    year: 2022,
    url: "https://example.org/publications/youth-ar-game-creation",
  },
  {
    title: "Amplifying Children's Voice with Media and Technology",
    venue: "Journal article · a children's media journal",
    year: 2021,
    url: "https://example.org/publications/childrens-voice-media-technology",
  },
];
