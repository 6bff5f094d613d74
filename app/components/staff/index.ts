export { StaffNav } from "./StaffNav";
export { StaffPage, StaffTime } from "./StaffPage";
export { ShowMore, STAFF_PAGE_SIZE, useFocusAfterAppend } from "./ShowMore";
