export { AdminMediaPage } from "./AdminMediaPage";
