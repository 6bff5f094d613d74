
export { AdminUpdatesPage } from "./AdminUpdatesPage";
