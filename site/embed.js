// Live boards for a documentation page, with one line: <script src="./embed.js"></script>
// Every <figure class="pg-board" data-position="…"> on the page becomes a board (see
// PgEmbed in pgboard.js); one Python interpreter drives them all. The page must sit in
// the same folder as this file (the offline cache covers that folder).
(() => {
  const base = new URL(".", document.currentScript.src).href;
  const board = Object.assign(document.createElement("script"), { src: base + "pgboard.js" });
  board.onload = () => {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", () => PgEmbed.boot(base));
    else PgEmbed.boot(base);
  };
  document.head.append(board);
})();
