import {
  SINGLE_SCREENS,
  VARIANT_REDIRECTS,
  VARIANT_SCREENS,
  VARIANTS,
  variantPath,
} from "~/route-paths";
import { SCREEN_NAMES, SINGLE_NAMES } from "#common/page-names";

/*
 * The site's pages by name, for the link picker (decision 030): every public page of the route
 * table, named as staff know it. The values are the paths stored today.
 */

export const VARIANT_NAMES = { desktop: "Desktop page", mobile: "Mobile page" } as const;

export interface SitePage {
  path: string;
  name: string;
}

/** Every page a link may lead to: each screen fitted to the visitor's screen, then each variant. */
export const SITE_PAGES: readonly SitePage[] = [
  ...Object.entries(VARIANT_REDIRECTS).map(([path, screen]) => ({
    path,
    name: `${SCREEN_NAMES[screen]} (fits the visitor's screen)`,
  })),
  ...VARIANT_SCREENS.flatMap((screen) =>
    VARIANTS.map((variant) => ({
      path: variantPath(screen, variant),
      name: `${SCREEN_NAMES[screen]}: ${VARIANT_NAMES[variant]}`,
    })),
  ),
  ...SINGLE_SCREENS.map((path) => ({ path, name: SINGLE_NAMES[path] })),
];

/** The page a stored path names (a #section of it keeps the page), or undefined. */
export function pageOf(path: string): SitePage | undefined {
  return SITE_PAGES.find((page) => page.path === path);
}
