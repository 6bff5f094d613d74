export { EventPage, type EventPageProps } from "./EventPage";
export { Gallery, GALLERY_INTERVAL_MS, type GalleryProps } from "./Gallery";
export { eventJsonLd, EVENT_PAGE_PATH } from "./json-ld";
