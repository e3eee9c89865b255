// Live boards for a documentation page, with one line: <script src="./embed.js"></script>
// Every <figure class="pg-board" data-position="…"> on the page becomes a board (see
// PgEmbed in pgboard.js); one Python interpreter drives them all. The page must sit in
// the same folder as this file (the runtime is found relative to the page). A page without
// the site's stylesheet gets the boards' own (embed.css), which styles the boards only.
(() => {
  const base = new URL(".", document.currentScript.src).href;
  if (!getComputedStyle(document.documentElement).getPropertyValue("--board-1")) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: base + "embed.css" }));
  }
  const script = (attrs) => Object.assign(document.createElement("script"), attrs);
  const board = script({ src: base + "pgboard.js" });
  // Lessons and puzzles (data-lesson, data-puzzle) need learn.js as well, before the boards start.
  const learn = () => (document.querySelector("figure.pg-board[data-lesson], figure.pg-board[data-puzzle]") ||
      (document.querySelector('figure.pg-board[data-position="#"]') && /^#(lesson|puzzle)=/.test(location.hash))
    ? new Promise((done) => document.head.append(Object.assign(script({ src: base + "learn.js" }), { onload: done })))
    : Promise.resolve());
  board.onload = () => {
    const start = () => learn().then(() => {
      PgEmbed.boot();
      const py = script({ type: "py", textContent: "import main" });
      py.setAttribute("config", base + "pyscript.json");
      document.body.append(py);
      document.head.append(script({ type: "module", src: base + "pyscript/core.js" }));
    });
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  };
  document.head.append(board);
})();
