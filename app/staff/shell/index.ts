export { StaffShell } from "./StaffShell";
export { canOpen, staffPageMeta } from "./staff-pages";
