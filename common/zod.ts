import { z } from "zod";

/*
 * Every shared schema imports zod from here. The site's Content-Security-Policy forbids eval;
 * zod 4 probes `new Function` when it builds its first object schema, which browsers report as
 * a CSP violation even though zod catches it. Jitless mode skips the probe (and the compiled
 * parsers, which these small schemas do not need). ES module order guarantees this runs before
 * any schema in an importing module is built.
 */
z.config({ jitless: true });

export { z };
