export { StaffSessionContext, useStaffSession, type StaffSession } from "./StaffSession";
export { StaffTime } from "./StaffTime";
export { ShowMore, STAFF_PAGE_SIZE, useFocusAfterAppend } from "./ShowMore";
export {
  ArrivingText,
  measureText,
  recipientCounts,
  TEXT_STATUS_LABELS,
  TextCounts,
} from "./TextPreview";
export { Field } from "./Field";
export { PagedList, StaffTable } from "./StaffList";
