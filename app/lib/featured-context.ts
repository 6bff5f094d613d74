import { createContext } from "react-router";
import type { SiteUpdate } from "#common/updates";

/**
 * The featured updates the server renders into the home pages' strip (server/render/, decision
 * 016): set by the server for each render, read by the home routes' loaders. Null where no
 * server sets it (`npm run dev`): the strip then loads the list in the browser.
 */
export const featuredContext = createContext<readonly SiteUpdate[] | null>(null);
