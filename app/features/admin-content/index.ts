export { AdminContentPage } from "./AdminContentPage";
export { ContentToDo } from "./ContentToDo";
