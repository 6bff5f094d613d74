// Bundles the page-serving process into one minified file, build/server-bundle.js (decision
// 039): the compiled API (build/api/server/main.js), React Router's server build
// (build/server/index.js), `common/` once, and the npm packages every start needs. V8 keeps the
// source of every module it loads; as about 1,100 separate modules, most of them unminified,
// the sources and the modules' own records were about 10 MB of the process's live heap.
// Packages only some requests or deployments use stay outside and load as before, when needed.
// Runs after `tsc -p tsconfig.server.json` and check-render. Usage: node scripts/bundle-server.mjs
import { build } from "esbuild";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const buildDir = path.join(root, "build");
const BUNDLE_FILE = path.join(buildDir, "server-bundle.js");

/**
 * Loaded from node_modules at run time, each for the reason given (decision 031): a native
 * addon, or a package only some requests or deployments load, whose source should not sit in
 * every process's memory.
 */
const OUTSIDE = [
  "better-sqlite3", // native addon
  "sharp", // native; loaded only by the image process
  "pg", // PostgreSQL deployments only
  "pg-native",
  "nodemailer", // the first mail
  "@simplewebauthn/server", // the first passkey request
  "@zxcvbn-ts/*", // read from its own file by the first password check
  "pino-pretty", // development logging
  // Fastify's schema compilers are replaced (server/http/route-schemas.ts) and never run.
  "@fastify/ajv-compiler",
  "@fastify/fast-json-stringify-compiler",
];

/**
 * Code that finds files next to itself (`import.meta.url`, CommonJS `__dirname` and
 * `__filename`) keeps finding them: each file's own location is written in, relative to the
 * bundle, so the bundle works wherever the build folder and node_modules are moved together.
 */
const ownLocation = {
  name: "own-location",
  setup(bundler) {
    bundler.onLoad({ filter: /\.[cm]?js$/ }, async (args) => {
      const relative = path.relative(buildDir, args.path).split(path.sep).join("/");
      const here = JSON.stringify(relative.startsWith(".") ? relative : `./${relative}`);
      let contents = (await readFile(args.path, "utf8")).replaceAll(
        "import.meta.url",
        `new URL(${here}, import.meta.url).href`,
      );
      if (/\b__(dirname|filename)\b/.test(contents)) {
        contents =
          `var __filename = __bundleFileOf(${here}), __dirname = __bundleDirOf(${here});\n` +
          contents;
      }
      return { contents, loader: "js" };
    });
  },
};

/**
 * The server build is part of the bundle: main.js receives it before it starts instead of
 * importing build/server/index.js by its path (which would load a second copy of `common/`).
 */
const entry = `
import * as serverBuild from "./server/index.js";
import { provideServerBuild } from "./api/server/render/page-routes.js";
provideServerBuild(serverBuild);
await import("./api/server/main.js");
`;

const result = await build({
  stdin: { contents: entry, resolveDir: buildDir, sourcefile: "server-bundle-entry.js" },
  outfile: BUNDLE_FILE,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  minify: true,
  // One-byte strings in V8: a source with a single other character is kept two bytes a character.
  charset: "ascii",
  legalComments: "linked",
  sourcemap: "linked",
  external: OUTSIDE,
  define: { "process.env.NODE_ENV": '"production"' },
  // CommonJS packages inside an ES module still `require` Node's built-ins and the packages
  // left outside.
  banner: {
    js: [
      'import { createRequire as __createRequire } from "node:module";',
      'import { fileURLToPath as __fileURLToPath } from "node:url";',
      'import { dirname as __dirnameOf } from "node:path";',
      "const require = __createRequire(import.meta.url);",
      "const __bundleFileOf = (file) => __fileURLToPath(new URL(file, import.meta.url));",
      "const __bundleDirOf = (file) => __dirnameOf(__bundleFileOf(file));",
    ].join("\n"),
  },
  plugins: [ownLocation],
  logLevel: "warning",
  metafile: true,
});

const bytes = Object.values(result.metafile.outputs).reduce(
  (sum, output) => sum + (output.bytes ?? 0),
  0,
);
const inputs = Object.keys(result.metafile.inputs).length;
const bundled = (await readFile(BUNDLE_FILE)).length;
console.log(
  `bundle-server: ${inputs} modules → ${path.relative(root, BUNDLE_FILE)} ` +
    `(${(bundled / 1024).toFixed(0)} KiB; ${(bytes / 1024).toFixed(0)} KiB with its map and notices)`,
);
