export { AdminSubscribersPage } from "./AdminSubscribersPage";
