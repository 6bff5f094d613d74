export { AdminRedirectsPage } from "./AdminRedirectsPage";
export { redirectFromPath } from "./api";
