import type { LegalPageContent } from "../legal-pages.js";

/*
 * The privacy policy and terms of service of a fresh install: what this site actually does
 * (design 14 and 15, docs/product.md sections 4.9, 6 and 10). Keep them true when the site
 * changes. The organisation's name in the SMS program's name is a PLACEHOLDER until launch
 * (app/content/PLACEHOLDERS.md); its email is added by the page from the organisation's facts.
 */

export const privacySeed: LegalPageContent = {
  seo: {
    title: "Privacy Policy | Commons Learning Design",
    description:
      "What this website collects, why, how long it is kept and who sees it: no visitor cookies, no tracking, statistics that identify no one.",
  },
  heading: "Privacy Policy",
  updated: "Last changed 28 November 2026",
  intro:
    "This page says what this website does with information about you: what it collects, why, how long it keeps it, and who sees it. We collect as little as we can.",
  sections: [
    {
      id: "cookies",
      heading: "No cookies, no tracking",
      paragraphs: [
        "Visitors get no cookies. The public pages load no advertising, analytics or social media code, and nothing from other companies follows you from page to page.",
        "Only our staff, when they sign in to edit the site, get a cookie that keeps them signed in.",
      ],
    },
    {
      id: "statistics",
      heading: "Visit statistics",
      paragraphs: [
        "To know which pages are read, our own server counts page views as it answers them, without identifying anyone. To count visitors, it combines your internet address and your browser's description with a random value that changes every day, and keeps only the result, for that day alone. Your internet address and your browser's description are never stored.",
        "What is kept is a count per day: views and visitors per page, the site that linked to us, whether the visit came from a phone or a computer, and how many messages and sign-ups there were. These counts are kept for 25 months, then deleted.",
      ],
    },
    {
      id: "messages",
      heading: "Messages you send us",
      paragraphs: [
        "When you write to us with the contact form, we keep your name, your email address, your message and the course you asked about, if any, so that we can answer you. The message is delivered to our inbox by email.",
        "We keep messages until we delete them. Ask us, and we will delete yours. Messages marked as spam are deleted after 90 days.",
        "To stop abuse, the server counts how many messages and sign-ups come from each internet address, for ten minutes at most; then the count is deleted.",
      ],
    },
    {
      id: "texts",
      heading: "Text messages",
      paragraphs: [
        "If you sign up for our text messages, we keep your phone number, when and on which page you agreed, the exact words you agreed to, and the internet address and browser you agreed from, as proof of your consent, which carriers require. When you reply STOP, we stop texting you and keep the record that you did.",
        "We never share, sell or rent your phone number or your consent to anyone. Your number is passed only to the company that delivers our text messages, to deliver them.",
      ],
    },
    {
      id: "your-choices",
      heading: "Your choices",
      paragraphs: [
        "You can ask us what we hold about you, and ask us to correct or delete it. Write to us at the address below; we answer every request.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      paragraphs: [
        "When what the site does changes, this page changes with it, and the date at the top says when.",
      ],
    },
  ],
  contactLead: "Questions about your information? Write to us at",
};

export const termsSeed: LegalPageContent = {
  seo: {
    title: "Terms of Service | Commons Learning Design",
    description:
      "The terms of using this website and of our text message program: what you receive, how often, what it costs, and how to stop.",
  },
  heading: "Terms of Service",
  updated: "Last changed 28 November 2026",
  intro:
    "These terms apply when you use this website or sign up for our text messages. By using the site, you accept them.",
  sections: [
    {
      id: "website",
      heading: "Using this website",
      paragraphs: [
        "You may read, share and link to the pages of this site. Please do not copy our texts, pictures or course materials for your own publications without asking us first.",
        "We keep the information on this site as accurate as we can, but events and courses can change; the event's page always shows whether it is cancelled or postponed.",
      ],
    },
    {
      id: "text-messages",
      heading: "Text message program",
      paragraphs: [
        "Program name: Commons Learning Design text updates. When you sign up on our SMS opt-in page, you agree to receive recurring automated text messages about interactive movie viewings, event reminders, interactive prompts and occasional promotions. Consent is not a condition of any purchase.",
        "Message frequency varies. Message and data rates may apply. Reply HELP for help, or write to us at the address below. Reply STOP to unsubscribe at any time; you will receive one message confirming it and no more after that. Reply START to sign up again.",
        "Carriers are not liable for delayed or undelivered messages. How we keep your phone number, and that we never share or sell it, is in our Privacy Policy.",
      ],
    },
    {
      id: "links",
      heading: "Links to other sites",
      paragraphs: [
        "Some pages link to other websites, such as our partners' and social media profiles. Those sites have their own terms and privacy policies, which we do not control.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      paragraphs: [
        "When these terms change, this page changes with them, and the date at the top says when.",
      ],
    },
  ],
  contactLead: "Questions about these terms? Write to us at",
};
