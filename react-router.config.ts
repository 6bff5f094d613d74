import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/route-paths";

export default {
  ssr: false,
  prerender: prerenderedPaths,
} satisfies Config;
