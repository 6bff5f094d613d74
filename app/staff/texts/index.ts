export { AdminTextsPage } from "./AdminTextsPage";
