export { AdminContentPage } from "./AdminContentPage";
export { ContentToDo } from "./overview/ContentToDo";
