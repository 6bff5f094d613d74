import type { AboutContent } from "../about.js";

/* The default about page texts. Values marked PLACEHOLDER are listed in app/content/PLACEHOLDERS.md. */
export const aboutSeed: AboutContent = {
  taglines: ["Create", "Build", "Design"],
  heading: "About Us",
  mission: {
    id: "mission",
    heading: "Our Mission",
    paragraphs: [
      "We believe the best learning is designed with the people it serves. Our mission is to help libraries, schools, universities, nonprofits and community groups create programs that are creative, inclusive and built to last.",
      "We bring together instructional design, co-design and creative technology, always in service of real people and the communities they care about.",
    ],
  },
  howWeWork: {
    heading: "How We Work",
    intro:
      "Every partnership is different, but our process always follows the same four steps, and your community is involved in each one.",
    steps: [
      {
        title: "Listen",
        description:
          "We start by learning about your community, your goals and what has been tried before.",
      },
      {
        title: "Co-design",
        description:
          "We invite the people closest to the challenge to imagine and shape solutions alongside us.",
      },
      {
        title: "Build",
        description:
          "We turn shared ideas into programs, materials and experiences, testing early and often.",
      },
      {
        title: "Share",
        description:
          "We hand over everything your team needs to keep going, and we help tell the story of what changed.",
      },
    ],
  },
  teamHeading: "Our Team",
  offerings: [
    {
      id: "curriculum-design",
      heading: "Curriculum Design",
      paragraphs: [
        "We design courses and learning pathways with clear goals, engaging activities and materials that fit your setting, whether that is a library program room, a classroom or an online space.",
      ],
    },
    {
      id: "mentorship",
      heading: "Mentorship",
      paragraphs: [
        "We work alongside educators, librarians and emerging designers, offering practical guidance and a thoughtful sounding board as they grow their own practice.",
      ],
    },
    {
      id: "design-sprints",
      heading: "Design Sprints",
      paragraphs: [
        "In a few focused days, your team and community members move from a shared question to a tested prototype, with a clear plan for what comes next.",
      ],
    },
    {
      id: "workshops",
      heading: "Workshops",
      paragraphs: [
        "Hands-on workshops on co-design, AI, virtual reality and playful learning, tailored to your team and delivered in person or online.",
      ],
    },
  ],
  video: {
    video: {
      src: "/video/ripples.mp4",
      sources: [
        { src: "/video/ripples.webm", type: "video/webm" },
        { src: "/video/ripples.mp4", type: "video/mp4" },
      ],
      poster: "/video/ripples-poster.webp",
      width: 640,
      height: 360,
      label: "Gentle rings of teal and cream rippling outward from the center",
    },
    caption: "Small ideas, shared widely, ripple outward into lasting change.",
  },
  learnMoreLinks: [
    {
      label: "Learn More",
      // PLACEHOLDER: a real page about the co-design approach.
      url: "https://example.org/approach/co-design",
      accessibleLabel: "Learn more about our co-design approach",
    },
    {
      label: "Learn More",
      // PLACEHOLDER: a real page about the virtual reality work.
      url: "https://example.org/projects/virtual-reality",
      accessibleLabel: "Learn more about our virtual reality projects",
    },
  ],
  contactButton: {
    label: "Contact Us",
    toDesktop: "/contact-desktop",
    toMobile: "/contact-mobile",
  },
  mobileProjectLinks: {
    heading: "Explore Our Projects",
    links: [
      {
        title: "Sea-Level Rise in Virtual Reality",
        description:
          "Stand on a familiar shoreline and watch how rising seas could reshape it, then talk together about what communities can do.",
        // PLACEHOLDER: the real sea-level-rise VR project page.
        url: "https://example.org/projects/sea-level-rise-vr",
      },
      {
        title: "The Great Seattle Fire in Virtual Reality",
        description:
          "Step into the city of 1889 and explore how a single fire changed the way Seattle was rebuilt.",
        // PLACEHOLDER: the real Seattle fire VR project page.
        url: "https://example.org/projects/seattle-fire-vr",
      },
      {
        title: "Virtual Reality for Teen Mental Health",
        description:
          "A calming virtual space, co-designed with teens, for practicing coping skills at their own pace.",
        // PLACEHOLDER: the project's real page.
        url: "https://example.org/projects/vr-teen-mental-health",
      },
    ],
  },
};
