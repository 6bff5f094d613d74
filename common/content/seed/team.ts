import type { TeamMember } from "../team.js";

/* Four people. All names, bios and profile links are PLACEHOLDERS (see app/content/PLACEHOLDERS.md). */
export const teamSeed: readonly TeamMember[] = [
  {
    // PLACEHOLDER: real name, bio and profile link of the principal.
    name: "Robin Example",
    role: "Principal",
    bio: "An instructional designer and creative technologist who leads our projects from first conversation to final handover.",
    profileUrl: "https://example.com/team/principal",
    profileLabel: "View profile",
  },
  {
    // PLACEHOLDER: real name, bio and profile link of the academic developer.
    name: "Jordan Example",
    role: "Academic Developer",
    bio: "Turns big ideas into clear, well-structured courses, guides and learning materials that teams can use right away.",
    profileUrl: "https://example.com/team/academic-developer",
    profileLabel: "View profile",
  },
  {
    // PLACEHOLDER: real name, bio and profile link of the academic advisor.
    name: "Morgan Example",
    role: "Academic Advisor",
    bio: "Brings research experience in learning sciences and participatory design, keeping our work grounded in evidence.",
    profileUrl: "https://example.com/team/academic-advisor",
    profileLabel: "View profile",
  },
  {
    // PLACEHOLDER: real name, bio and profile link of the mental health specialist.
    name: "Sasha Example",
    role: "Mental Health Specialist",
    bio: "Guides our youth and wellbeing projects so that every experience we create is safe, supportive and trauma-informed.",
    profileUrl: "https://example.com/team/mental-health-specialist",
    profileLabel: "View profile",
  },
];
