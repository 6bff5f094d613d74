// First: switch zod to jitless before any schema module is evaluated (see zod-csp.ts).
import "./zod-csp";

export { AdminUpdatesPage } from "./AdminUpdatesPage";
