export { StaffNav } from "./StaffNav";
export { StaffPage, StaffTime } from "./StaffPage";
