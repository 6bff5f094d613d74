import { readdirSync } from "node:fs";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * Import boundaries (see docs/decisions/014-code-boundaries-and-one-route-table.md).
 * - Public code (every feature not named admin-*, components/, lib/, content/, width-switching/,
 *   the root, the route table and the public routes) ships to visitors: it imports neither a
 *   staff feature nor zod, directly or through common/*-schemas.ts. common/TOPIC.ts files stay
 *   zod-free so that public code can use them.
 * - A feature imports no other feature, except where one truly composes another (allow-list).
 */
const FEATURES = readdirSync(new URL("./app/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** feature -> the features it may import. */
const FEATURE_COMPOSES = {
  // Both home pages show the featured strip; the staff updates page previews it.
  home: ["featured-strip"],
  // The staff updates page also chooses its image with the content editor's media picker.
  "admin-updates": ["featured-strip", "admin-content"],
};

/** feature -> the features its tests may also import. */
const FEATURE_TESTS_COMPOSE = {
  // The contact screens' test follows Inquire from the services page to the prefilled form.
  contact: ["services"],
  // Staff pages are tested inside the staff shell, as the app renders them.
  "admin-updates": ["admin-shell"],
  "admin-inbox": ["admin-shell"],
  "admin-subscribers": ["admin-shell"],
  "admin-texts": ["admin-shell"],
  "admin-content": ["admin-shell"],
  "admin-media": ["admin-shell"],
  "admin-audit": ["admin-shell"],
  "admin-staff": ["admin-shell"],
  "admin-statistics": ["admin-shell"],
  "admin-redirects": ["admin-shell"],
};

/**
 * How deep a module sits inside its feature's folder (0: in the folder itself, 1: in a subfolder
 * such as admin-content/entry/). A relative import leaves the feature after depth + 1 "../".
 */
const FEATURE_DEPTHS = [0, 1, 2];

const upToFeatures = (depth) => `^(\\.\\./){${depth + 1}}`;

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

function staffOrZod(depth) {
  return [
    {
      regex: `(^|/)features/admin-|${upToFeatures(depth)}admin-|(^|/)routes/admin-`,
      message: "Public code must not import staff (admin) code: it would ship to every visitor.",
    },
    ...ZOD_MODULES,
  ];
}

/** What public code outside the features (components/, lib/, the root…) must not import. */
const STAFF_OR_ZOD = staffOrZod(0);

function otherFeatures(feature, depth, alsoAllowed = []) {
  const allowed = [feature, ...(FEATURE_COMPOSES[feature] ?? []), ...alsoAllowed].join("|");
  return {
    // A sibling through "../name" (from the feature's depth) or any path through "features/name".
    regex: `(^|/)features/(?!(${allowed})(/|$))[^/]+|${upToFeatures(depth)}(?!(${allowed})(/|$))[^./][^/]*`,
    message: `A feature imports no other feature; add a composition to FEATURE_COMPOSES in eslint.config.js when one truly needs another.`,
  };
}

function featureBoundary(feature, depth, files, alsoAllowed) {
  const features = otherFeatures(feature, depth, alsoAllowed);
  const patterns = feature.startsWith("admin-") ? [features] : [...staffOrZod(depth), features];
  return { files, rules: { "no-restricted-imports": ["error", { patterns }] } };
}

const boundaries = FEATURES.flatMap((feature) =>
  FEATURE_DEPTHS.flatMap((depth) => {
    const folder = `app/features/${feature}/${"*/".repeat(depth)}`;
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
  prettier,
);
