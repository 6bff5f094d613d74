export { EventPage } from "./EventPage";
export { eventPageMeta } from "./event-meta";
