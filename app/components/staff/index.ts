export { StaffNav, STAFF_LINKS } from "./StaffNav";
export { StaffPage, StaffTime, STAFF_TEXT } from "./StaffPage";
