// What the app takes from the web plugin (static files, pages, security headers).
export { registerWeb } from "./web-plugin.js";
export { registerSecurityHeaders, securityHeaders } from "./security-headers.js";
