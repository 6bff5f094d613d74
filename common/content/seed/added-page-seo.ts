/*
 * The titles and descriptions of the pages added after the first release (/events, /updates):
 * the seed's values, and the defaults that settings stored before then read (common/content/
 * site.ts). Plain values, so the schema can use them without depending on the seed's type.
 */
export const EVENTS_PAGE_SEO = {
  title: "Events | Commons Learning Design",
  description:
    "Community gatherings, workshops and talks: what is coming up, and what we have held before.",
};

export const UPDATES_PAGE_SEO = {
  title: "Updates | Commons Learning Design",
  description:
    "News from our projects: current and completed work, articles and media, newest first.",
};
