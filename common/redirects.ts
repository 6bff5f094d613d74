/** A path of the site that answers 301 with another (docs/product.md 5.8, GET /api/redirects). */
export interface Redirect {
  id: string;
  from: string;
  to: string;
  hits: number;
}

/** The longest from- or to-path kept. */
export const REDIRECT_PATH_MAX = 300;
