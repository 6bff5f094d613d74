export { PublicationsPage } from "./PublicationsPage";
