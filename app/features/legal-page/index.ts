export { LegalPage } from "./LegalPage";
