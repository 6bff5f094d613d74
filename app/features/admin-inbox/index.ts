export { AdminInboxPage } from "./AdminInboxPage";
