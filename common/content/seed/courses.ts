import type { Course } from "../courses.js";

/*
 * The six desktop courses (ids 8, 1, 3, 6, 2, 11, as in docs/product.md) and the four shorter
 * mobile courses, each in display order. The mobile courses had no number before they became
 * content; they take the next free ones.
 */
export const coursesSeed: readonly Course[] = [
  {
    id: 8,
    title: "Co-Designing for Adults: Strategies for Inclusive Innovation",
    description:
      "Learn practical ways to bring adult community members into the design process as true partners. We cover listening sessions, participatory workshops and how to turn shared ideas into programs people trust.",
    variant: "desktop",
  },
  {
    id: 1,
    title: "AI for Everyone: A Community-Centered Introduction to AI",
    description:
      "A friendly, jargon-free introduction to artificial intelligence for community members and staff. Explore what AI can and cannot do, try everyday tools together and talk openly about fairness, privacy and trust.",
    variant: "desktop",
  },
  {
    id: 3,
    title: "AI for Creatives: Unleashing Your Imagination with AI",
    description:
      "Discover how AI tools can support writing, art, music and storytelling without replacing the human spark. Expect hands-on studio time, plenty of experimentation and honest conversations about authorship.",
    variant: "desktop",
  },
  {
    id: 6,
    title: "Co-Designing with Youth: Creating the Future Together",
    description:
      "Invite young people to shape the programs and spaces meant for them. This course shares age-appropriate co-design activities, ways to share decision-making with youth and tips for keeping them engaged from idea to launch.",
    variant: "desktop",
  },
  {
    id: 2,
    title: "AI Foundations: Understanding the Basics",
    description:
      "Build a solid understanding of how AI systems learn, where their data comes from and why they sometimes get things wrong. Ideal for teams who want a shared vocabulary before adopting new tools.",
    variant: "desktop",
  },
  {
    id: 11,
    title: "Game Design for Adults: Strategies for Inclusive Innovation",
    description:
      "Use the craft of game design to create playful, inclusive learning experiences for adults. Prototype simple games, test them with peers and see how play can open the door to harder conversations.",
    variant: "desktop",
    icon: "/icons/gamepad.svg",
  },
  {
    id: 12,
    title: "Co-Designing for Adults",
    description:
      "Bring adult learners and community members into the design process as real partners.",
    variant: "mobile",
  },
  {
    id: 13,
    title: "AI for Creatives",
    description: "Explore AI as a creative companion for writing, art, music and storytelling.",
    variant: "mobile",
  },
  {
    id: 14,
    title: "AI Foundations",
    description: "Understand how AI works, what it does well and where it falls short.",
    variant: "mobile",
  },
  {
    id: 15,
    title: "Games-Based Learning",
    description:
      "Design and facilitate playful learning experiences that build skills, confidence and connection.",
    variant: "mobile",
  },
];
