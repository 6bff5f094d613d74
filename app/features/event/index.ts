export { EventPage } from "./EventPage";
export { eventJsonLd } from "./json-ld";
