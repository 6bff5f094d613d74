export { AccountPage } from "./AccountPage";
export { StaffPage } from "./StaffPage";
