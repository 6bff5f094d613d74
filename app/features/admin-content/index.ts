export { AdminContentPage } from "./AdminContentPage";
