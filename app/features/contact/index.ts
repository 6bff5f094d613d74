export { ContactPage } from "./ContactPage";
