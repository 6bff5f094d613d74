export { UpdatesPage } from "./UpdatesPage";
