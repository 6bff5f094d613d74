import type { ExpertiseSection } from "../expertise.js";

/* The services page's areas of expertise, in display order. */
export const expertiseSeed: readonly ExpertiseSection[] = [
  {
    id: "collaborate",
    heading: "Collaborate",
    text: "We work side by side with your staff, partners and community members. Shared decisions lead to programs that feel like they belong to everyone involved.",
  },
  {
    id: "expertise",
    heading: "Expertise",
    text: "Instructional design, co-design, creative technology and program evaluation, brought together and shaped around your goals.",
  },
  {
    id: "innovate",
    heading: "Innovate",
    text: "We bring emerging tools like virtual reality, AI and game design into learning, always starting with one question: does this help people learn and connect?",
  },
  {
    id: "impact",
    heading: "Impact",
    text: "We plan for impact from day one, with simple ways to gather feedback, track outcomes and share the story of what changed.",
  },
  {
    id: "funding",
    heading: "Funding",
    text: "Good ideas need resources. We help you find the right grants, write strong proposals and manage awards once they arrive, including shared-cost models where a grant and your organization each cover half.",
    figures: [
      { value: "50%", label: "Grant funding" },
      { value: "50%", label: "Partner match" },
    ],
  },
];
