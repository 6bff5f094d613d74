export {
  type WebPluginOptions,
  isAdminPath,
  isApiPath,
  registerWeb,
  webPlugin,
} from "./web-plugin.js";
export { isHttpsOrigin, registerSecurityHeaders, securityHeaders } from "./security-headers.js";
