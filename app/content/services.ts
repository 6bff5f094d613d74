/**
 * Services page: courses, areas of expertise, the video and the Inquire button.
 *
 * To change a word, edit the text between the quotes. Keep the course ids as they are:
 * they identify each course.
 */
import type { InternalLink, VideoAsset } from "./types";

export const servicesHeading = "Our Services";

export const servicesIntro =
  "Courses, workshops and long-term partnerships for organizations that want to learn, design and grow together.";

/** Heading above the course cards. */
export const coursesHeading = "Courses";

export interface Course {
  id: number;
  title: string;
  description: string;
  /** Optional icon name; the file is public/icons/{icon}.svg. */
  icon?: string;
}

/** The six desktop courses, in display order. */
export const courses: readonly Course[] = [
  {
    id: 8,
    title: "Co-Designing for Adults: Strategies for Inclusive Innovation",
    description:
      "Learn practical ways to bring adult community members into the design process as true partners. We cover listening sessions, participatory workshops and how to turn shared ideas into programs people trust.",
  },
  {
    id: 1,
    title: "AI for Everyone: A Community-Centered Introduction to AI",
    description:
      "A friendly, jargon-free introduction to artificial intelligence for community members and staff. Explore what AI can and cannot do, try everyday tools together and talk openly about fairness, privacy and trust.",
  },
  {
    id: 3,
    title: "AI for Creatives: Unleashing Your Imagination with AI",
    description:
      "Discover how AI tools can support writing, art, music and storytelling without replacing the human spark. Expect hands-on studio time, plenty of experimentation and honest conversations about authorship.",
  },
  {
    id: 6,
    title: "Co-Designing with Youth: Creating the Future Together",
    description:
      "Invite young people to shape the programs and spaces meant for them. This course shares age-appropriate co-design activities, ways to share decision-making with youth and tips for keeping them engaged from idea to launch.",
  },
  {
    id: 2,
    title: "AI Foundations: Understanding the Basics",
    description:
      "Build a solid understanding of how AI systems learn, where their data comes from and why they sometimes get things wrong. Ideal for teams who want a shared vocabulary before adopting new tools.",
  },
  {
    id: 11,
    title: "Game Design for Adults: Strategies for Inclusive Innovation",
    description:
      "Use the craft of game design to create playful, inclusive learning experiences for adults. Prototype simple games, test them with peers and see how play can open the door to harder conversations.",
    icon: "gamepad",
  },
];

export interface MobileCourse {
  id: string;
  title: string;
  description: string;
}

/** The four mobile courses, in display order. */
export const mobileCourses: readonly MobileCourse[] = [
  {
    id: "co-designing-for-adults",
    title: "Co-Designing for Adults",
    description:
      "Bring adult learners and community members into the design process as real partners.",
  },
  {
    id: "ai-for-creatives",
    title: "AI for Creatives",
    description: "Explore AI as a creative companion for writing, art, music and storytelling.",
  },
  {
    id: "ai-foundations",
    title: "AI Foundations",
    description: "Understand how AI works, what it does well and where it falls short.",
  },
  {
    id: "games-based-learning",
    title: "Games-Based Learning",
    description:
      "Design and facilitate playful learning experiences that build skills, confidence and connection.",
  },
];

export interface Figure {
  value: string;
  label: string;
}

export interface ExpertiseSection {
  id: "collaborate" | "expertise" | "innovate" | "impact" | "funding";
  heading: string;
  text: string;
  /** Only the Funding section has figures (shown on mobile). */
  figures?: readonly Figure[];
}

/** Areas of expertise, in display order. */
export const expertiseSections: readonly ExpertiseSection[] = [
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

export const servicesVideo: VideoAsset = {
  src: "/video/learning-bands.mp4",
  sources: [
    { src: "/video/learning-bands.webm", type: "video/webm" },
    { src: "/video/learning-bands.mp4", type: "video/mp4" },
  ],
  poster: "/video/learning-bands-poster.webp",
  width: 640,
  height: 360,
  label: "Soft glowing shapes in coral and gold drifting across a deep teal background",
};

/** Prefilled into the contact form's Message field when a visitor presses Inquire. */
export const inquireMessage =
  "We will be happy to help you! Please tell us what class you are interested in.";

/** The Inquire button on each course card; it goes to the contact form with inquireMessage. */
export const inquire: InternalLink = { label: "Inquire", to: "/contact-mobile" };

/** The final call to action on the mobile services page. */
export const finalInquire: { heading: string; text: string; label: string } = {
  heading: "Not sure which course fits?",
  text: "Tell us about your team and we will suggest a place to start.",
  label: "Inquire",
};

export const contactButton: InternalLink = { label: "Contact Us", to: "/contact-desktop" };
