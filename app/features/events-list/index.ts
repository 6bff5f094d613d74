export { EventsPage } from "./EventsPage";
