import { z } from "zod";

/*
 * The site's Content-Security-Policy allows no 'unsafe-eval'. zod 4 probes `new Function` when it
 * builds its first object schema (to compile faster parsers); the browser reports that probe as a
 * CSP violation even though zod catches the error. Jitless mode skips the probe. It must run
 * before any schema is built, so this module is the first import of the admin feature.
 */
z.config({ jitless: true });
