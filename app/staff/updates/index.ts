export { AdminUpdatesPage } from "./AdminUpdatesPage";
