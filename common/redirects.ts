/** A path of the site that answers 301 with another (design.md 14, GET /api/redirects). */
export interface Redirect {
  id: string;
  from: string;
  to: string;
  hits: number;
}

/** The longest from- or to-path kept. */
export const REDIRECT_PATH_MAX = 300;
