// Live boards for a documentation page, with one line: <script src="./embed.js"></script>
// Every <figure class="pg-board" data-position="…"> on the page becomes a board (see
// embed-boards.js); one Python interpreter drives them all. The page must sit in the same
// folder as this file (the runtime is found relative to the page). A page without the
// site's stylesheet gets the boards' own (embed.css), which styles the boards only.
// This file stays a classic script, so that any page can include it as it is.
(() => {
  const base = new URL(".", document.currentScript.src).href;
  if (!getComputedStyle(document.documentElement).getPropertyValue("--board-1")) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: base + "embed.css" }));
  }
  const parsed = new Promise((done) => (document.readyState === "loading"
    ? document.addEventListener("DOMContentLoaded", done) : done()));
  Promise.all([import(base + "embed-boards.js"), parsed]).then(([{ embed }]) => embed.start());
})();
