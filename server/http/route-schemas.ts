import type { FastifyServerOptions } from "fastify";

const MESSAGE =
  "Fastify route schemas are not used here: validate input with the shared zod schemas " +
  "(parseInput in server/http/errors.ts) and send JSON as it is (docs/decisions/031)";

function refuse(): never {
  throw new Error(MESSAGE);
}

/**
 * Fastify loads its schema compilers (Ajv with its formats for validation, fast-json-stringify
 * for serialisation) when an instance is created, unless they are replaced: about 240 modules
 * and 3 MB of heap in every server process. The routes validate with zod and no route has a
 * `schema`, so the compilers are replaced by ones that refuse: a route given a schema fails when
 * the app starts, with a message that says what to do, instead of loading them.
 */
export const NO_ROUTE_SCHEMAS: NonNullable<FastifyServerOptions["schemaController"]> = {
  compilersFactory: { buildValidator: refuse, buildSerializer: refuse },
};
