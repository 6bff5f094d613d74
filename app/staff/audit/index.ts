export { AdminAuditPage } from "./AdminAuditPage";
