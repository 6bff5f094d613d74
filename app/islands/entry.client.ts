// The one script a public page with islands loads (docs/decisions/024): no router runtime. The
// page's inline script adds it only once the page has loaded and painted
// (load-entry-after-paint.ts, docs/decisions/043), so it hydrates the islands at once.
import { start } from "./start";

void start();
