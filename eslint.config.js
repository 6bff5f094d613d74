import { readdirSync } from "node:fs";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * Import boundaries (see docs/decisions/014-code-boundaries-and-one-route-table.md and 051).
 * - Staff code lives in app/staff/ (one folder per staff feature) and the app/routes/admin-*
 *   route modules. Public code (app/features/, components/, lib/, content/, width-switching/,
 *   the root, the route table and the public routes) ships to visitors: it imports neither staff
 *   code nor zod, directly or through common/*-schemas.ts. common/TOPIC.ts files stay zod-free
 *   so that public code can use them.
 * - A feature (public or staff) imports no other feature, except where one truly composes
 *   another (allow-list). A feature may have subfolders; they are inside it.
 */
const AREAS = ["features", "staff"];

/** Every feature as its folder under app/: "features/home", "staff/content"… */
const FEATURES = AREAS.flatMap((area) =>
  readdirSync(new URL(`./app/${area}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${area}/${entry.name}`),
);

/** feature -> the features it may import. */
const FEATURE_COMPOSES = {
  // Both home pages show the featured strip; the staff updates page previews it.
  "features/home": ["features/featured-strip"],
  // The staff updates page also chooses its image with the content editor's media picker.
  "staff/updates": ["features/featured-strip", "staff/content"],
};

/** feature -> the features its tests may also import. */
const FEATURE_TESTS_COMPOSE = {
  // The contact screens' test follows Inquire from the services page to the prefilled form.
  "features/contact": ["features/services"],
  // Staff pages are tested inside the staff shell, as the app renders them.
  "staff/updates": ["staff/shell"],
  "staff/inbox": ["staff/shell"],
  "staff/subscribers": ["staff/shell"],
  "staff/texts": ["staff/shell"],
  "staff/content": ["staff/shell"],
  "staff/media": ["staff/shell"],
  "staff/audit": ["staff/shell"],
  "staff/accounts": ["staff/shell"],
  "staff/statistics": ["staff/shell"],
  "staff/redirects": ["staff/shell"],
};

/**
 * How deep a module sits inside its feature's folder (0: in the folder itself, 1: in a subfolder
 * such as staff/content/entry/). A relative import leaves the feature after depth + 1 "../".
 */
const FEATURE_DEPTHS = [0, 1, 2];

const upToFeatures = (depth) => `^(\\.\\./){${depth + 1}}`;

/** The start of a path into an area of features: "~/", "app/" or enough "../". */
const INTO_APP = "(^~/|^(\\.\\./)+|(^|/)app/)";

const STAFF_CODE = {
  regex: `${INTO_APP}staff/|(^|/)routes/admin-`,
  message: "Public code must not import staff code (app/staff/): it would ship to every visitor.",
};

const ZOD_MODULES = [
  {
    // The content schemas and the registry carry zod; the snapshot module and the seed do not.
    regex: "(^|/|#)common/content/(?!(snapshot|collections)(\\.js)?$)",
    message:
      "Public code reads content through common/content/snapshot.ts (zod-free), never a schema module.",
  },
  {
    regex: "^zod(/|$)|(^|/|#)common/(zod|[^/]+-schemas)(\\.js)?$",
    message:
      "Public code must not import zod or a common/*-schemas module; take constants and messages from the zod-free common/TOPIC.ts.",
  },
];

/** What public code must not import. */
const STAFF_OR_ZOD = [STAFF_CODE, ...ZOD_MODULES];

function otherFeatures(feature, depth, alsoAllowed = []) {
  const [area] = feature.split("/");
  const allowed = [feature, ...(FEATURE_COMPOSES[feature] ?? []), ...alsoAllowed];
  const paths = allowed.join("|");
  // Siblings reached by "../name" are features of the same area.
  const siblings = allowed
    .filter((path) => path.startsWith(`${area}/`))
    .map((path) => path.slice(area.length + 1))
    .join("|");
  return {
    regex: `${INTO_APP}(?!(${paths})(/|$))(${AREAS.join("|")})/[^/]+|${upToFeatures(depth)}(?!(${siblings})(/|$))[^./][^/]*`,
    message: `A feature imports no other feature; add a composition to FEATURE_COMPOSES in eslint.config.js when one truly needs another.`,
  };
}

function featureBoundary(feature, depth, files, alsoAllowed) {
  const features = otherFeatures(feature, depth, alsoAllowed);
  const patterns = feature.startsWith("staff/") ? [features] : [...STAFF_OR_ZOD, features];
  return { files, rules: { "no-restricted-imports": ["error", { patterns }] } };
}

const boundaries = FEATURES.flatMap((feature) =>
  FEATURE_DEPTHS.flatMap((depth) => {
    const folder = `app/${feature}/${"*/".repeat(depth)}`;
    return [
      featureBoundary(feature, depth, [`${folder}*.{ts,tsx}`]),
      ...(FEATURE_TESTS_COMPOSE[feature]
        ? [
            featureBoundary(
              feature,
              depth,
              // Test-support modules (test-*.ts) are the tests' own code.
              [`${folder}*.test.{ts,tsx}`, `${folder}test-*.{ts,tsx}`],
              FEATURE_TESTS_COMPOSE[feature],
            ),
          ]
        : []),
    ];
  }),
);

/*
 * The server's rooms (its folders, and the modules at its root) in layers, lowest first
 * (docs/architecture.md). A room imports only rooms of lower layers: never one above it, nor
 * another room of its own layer. app.ts and main.ts compose them all and stand above every layer;
 * so do the command-line entries (*-cli.ts) and the tests (*.test.ts, test-*.ts, test-support/),
 * which may start the whole app. `node scripts/server-rooms.mjs` lists the arrows between rooms.
 */
const SERVER_LAYERS = [
  // The HTTP edge (errors, hosts, logs), the database, and plain helpers such as CSV.
  ["http", "db", "shared"],
  // The root's own modules: the validated settings and the background workers' frames.
  ["config.ts", "background-work.ts", "periodic-task.ts"],
  // Services the features share: outboxes, mail transports, rate limits, the audit log, static
  // files and answers.
  ["outbox", "mail", "rate-limit", "audit", "web"],
  // Staff identity: accounts' records, passwords, sessions; second factors; the account routes.
  ["auth"],
  ["factors"],
  ["accounts"],
  ["statistics"],
  // Pages rendered by the server; it reads content and updates through the interfaces it defines.
  ["render"],
  // The features.
  ["contact", "sms", "media", "redirects", "updates", "health"],
  ["content", "forms"],
  // Purges the old rows of all of them.
  ["housekeeping"],
];
/** Folders that hold only tests and their helpers. */
const SERVER_TEST_ROOMS = ["test-support", "deployment"];
/** The composition: above every layer. */
const SERVER_TOP = ["app.ts", "main.ts"];

const serverRooms = readdirSync(new URL("./server", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() || entry.name.endsWith(".ts"))
  .filter((entry) => !/(^test-|\.test\.ts$)/.test(entry.name))
  .map((entry) => entry.name);
const unplaced = serverRooms.filter(
  (room) => ![...SERVER_LAYERS.flat(), ...SERVER_TEST_ROOMS, ...SERVER_TOP].includes(room),
);
if (unplaced.length > 0) {
  throw new Error(`eslint.config.js: put server/${unplaced.join(", server/")} in SERVER_LAYERS`);
}

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A pattern refusing imports of `rooms` from a module `up` ("./" or "../") below server/. */
function serverRoomPattern(up, rooms, message) {
  const folders = rooms.filter((room) => !room.endsWith(".ts")).map(escapeRegex);
  const modules = rooms
    .filter((room) => room.endsWith(".ts"))
    .map((room) => escapeRegex(room.slice(0, -".ts".length)));
  const alternatives = [
    ...(folders.length ? [`(${folders.join("|")})/`] : []),
    ...(modules.length ? [`(${modules.join("|")})(\\.js)?$`] : []),
  ];
  return { regex: `^${up}(${alternatives.join("|")})`, message };
}

const serverBoundaries = SERVER_LAYERS.flatMap((layer, index) => {
  const below = SERVER_LAYERS.slice(0, index).flat();
  const above = [...SERVER_LAYERS.slice(index + 1).flat(), ...SERVER_TOP];
  return layer.map((room) => {
    const atRoot = room.endsWith(".ts");
    const name = atRoot ? `server/${room}` : `server/${room}/`;
    const up = atRoot ? "\\./" : "(\\.\\./)+";
    const allowed = below.length ? below.join(", ") : "no other server room";
    const siblings = layer.filter((other) => other !== room);
    const patterns = [
      serverRoomPattern(
        up,
        above,
        `${name} is on layer ${index + 1} of SERVER_LAYERS (eslint.config.js): it may import ${allowed}, never a room above it. Pass what it needs in from app.ts, or move the shared code down (docs/architecture.md).`,
      ),
      ...(siblings.length
        ? [
            serverRoomPattern(
              up,
              siblings,
              `${name} imports no other room of its own layer of SERVER_LAYERS (eslint.config.js): ${siblings.join(", ")}. Pass what it needs in from app.ts, or move the shared code down (docs/architecture.md).`,
            ),
          ]
        : []),
    ];
    return {
      files: atRoot ? [`server/${room}`] : [`server/${room}/**/*.ts`],
      ignores: ["server/**/*.test.ts", "server/**/test-*.ts", "server/**/*-cli.ts"],
      rules: { "no-restricted-imports": ["error", { patterns }] },
    };
  });
});

export default tseslint.config(
  {
    ignores: [
      "build/",
      "data/",
      ".react-router/",
      "node_modules/",
      ".tools/",
      "public/",
      "test-results/",
      "playwright-report/",
      "bench/out/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // Server-only modules (*.server.ts: the loaders' code and what only they read) never reach a
    // browser: only route modules (React Router strips their loaders from the client build), the
    // root, the server entry and other server-only modules import them. React Router's own build
    // refuses the same; this says so while editing.
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "app/routes/**",
      "app/root.tsx",
      "app/entry.server.tsx",
      "app/**/*.server.{ts,tsx}",
      "app/**/*.server.test.{ts,tsx}",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "\\.server(\\.js)?$",
              allowTypeImports: true,
              message:
                "A *.server.ts module must never reach a browser: import it from a route module's loader or another *.server.ts module.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    files: [
      "app/{components,lib,content,styles,width-switching}/**/*.{ts,tsx}",
      "app/*.{ts,tsx}",
      "app/routes/*.{ts,tsx}",
    ],
    ignores: ["app/routes/admin-*"],
    rules: { "no-restricted-imports": ["error", { patterns: STAFF_OR_ZOD }] },
  },
  {
    // common/TOPIC.ts stays zod-free so that public code can import it.
    files: ["common/*.ts"],
    ignores: ["common/*-schemas.ts", "common/zod.ts", "common/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^zod(/|$)|^\\./(zod|[^/]+-schemas)(\\.js)?$",
              message: "common/TOPIC.ts is zod-free: put schemas in common/TOPIC-schemas.ts.",
            },
          ],
        },
      ],
    },
  },
  // The seed and the snapshot are what the app's loaders import: zod-free, whatever the bundler
  // keeps. Types from the schema modules are fine (erased).
  ...[
    ["common/content/snapshot.ts", "^\\./(?!seed/)[a-z-]+(\\.js)?$"],
    ["common/content/seed/*.ts", "^\\.\\./(?!\\.\\./)"],
  ].map(([file, schemaModules]) => ({
    files: [file],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `(^|/)zod(\\.js)?$|${schemaModules}`,
              allowTypeImports: true,
              message:
                "The seed and the snapshot stay zod-free: import only types from the schema modules.",
            },
          ],
        },
      ],
    },
  })),
  ...boundaries,
  ...serverBoundaries,
  prettier,
);
