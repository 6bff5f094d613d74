import { hydrateAfterLoad } from "./hydrate-after-load.js";
import { inlineStylesheets } from "./inline-css.js";

/**
 * What the build used to do to every pre-rendered page, now done to each page the server renders
 * (docs/decisions/013 and 016): its stylesheets inlined, and React Router's start moved to after
 * the load event on pages that hydrate. `cssOf` returns a built stylesheet's text and throws for
 * one that is not in the build, so a page never goes out with a link to nothing. `allowedScripts`
 * holds the inline scripts the app wrote (render-mark.ts); the rewritten bootstrap joins them.
 */
export function finishPage(
  html: string,
  cssOf: (href: string) => string,
  allowedScripts?: string[],
): string {
  return hydrateAfterLoad(inlineStylesheets(html, cssOf).html, allowedScripts);
}
