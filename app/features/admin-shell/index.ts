export { StaffShell } from "./StaffShell";
export { staffPageMeta } from "./staff-pages";
