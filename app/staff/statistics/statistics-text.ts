/** The statistics page's own words (tests read them too). */
export const STATISTICS_TEXT = {
  loading: "Loading the statistics...",
  loadFailed: "Could not load the statistics. Please try again.",
  period: "Period",
  from: "From",
  to: "To",
  show: "Show",
  exportCsv: "Export CSV",
  none: "None in this period.",
  badDates: "Choose a start date and an end date on or after it.",
  counted:
    "Counted by the site's own server: no cookies, no scripts, and no visitor's address or browser kept. Bots and signed-in staff are not counted.",
} as const;
