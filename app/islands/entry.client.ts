// The one script a public page with islands names (docs/decisions/024): no router runtime. It is
// a few hundred bytes; React DOM and the islands' code are imported only after the load event,
// so the HTML, its CSS and the LCP picture have the connection to themselves first (the reason
// decision 013 started React Router after load), without an inline loader script.
function load(): void {
  void import("./start").then((module) => module.start());
}
if (document.readyState === "complete") load();
else addEventListener("load", load, { once: true });
