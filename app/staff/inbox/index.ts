export { AdminInboxPage } from "./AdminInboxPage";
export { NewestMessages } from "./NewestMessages";
