export { StaffSessionContext, useStaffSession, type StaffSession } from "./StaffSession";
export { StaffTime } from "./StaffTime";
export { ShowMore, STAFF_PAGE_SIZE, useFocusAfterAppend } from "./ShowMore";
export { Field } from "./Field";
export { PagedList, StaffTable } from "./StaffList";
