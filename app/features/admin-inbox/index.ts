export { AdminInboxPage } from "./AdminInboxPage";
export { StaffPage, StaffTime, STAFF_LINKS } from "./StaffPage";
