// Boards embedded in a documentation page: <figure class="pg-board" data-position="…">.
// Each shows its build-time SVG at once; one Python interpreter then makes them all live.
// Attributes: data-position (share-link syntax), data-marks, data-interactive,
// data-coordinates="0", data-overlays="1", data-width (pixels), data-computer (the seats
// the computer plays, e.g. "2" or "2,4"; it thinks in the shared worker) and data-level.
// Lessons and puzzles (data-lesson, data-puzzle) are learn.js's.

import { board } from "./board.js";
import { i18n, t } from "./i18n.js";
import { startup } from "./startup.js";
import "./theme.js";  // the player's saved theme, on this page too
import { workers } from "./workers.js";

export const embed = {
  api: null,
  learning: null,  // learn.js's lessons and puzzles, on a page that has any

  // Start the page's boards (embed.js calls this once the page is parsed): learn.js first
  // where a board is a lesson or a puzzle (only such pages download it), then the boards'
  // pictures and controls, then Python, found beside this file.
  async start() {
    const learns = document.querySelector("figure.pg-board[data-lesson], figure.pg-board[data-puzzle]") ||
      (document.querySelector('figure.pg-board[data-position="#"]') && /^#(lesson|puzzle)=/.test(location.hash));
    if (learns) this.learning = (await import("./learn.js")).learning;
    this.boot();
    const base = new URL(".", import.meta.url).href;
    const script = (attrs) => Object.assign(document.createElement("script"), attrs);
    const py = script({ type: "py", textContent: "import main" });
    py.setAttribute("config", base + "pyscript.json");
    document.body.append(py);
    document.head.append(script({ type: "module", src: base + "pyscript/core.js" }));
  },

  boot() {
    window.pgConnect = (api) => this.connect(api);
    // A page written in a language the site speaks shows its boards in it; the iframe page
    // (data-lang="auto") follows the link, the player's choice or the browser.
    const root = document.documentElement;
    i18n.start(root.dataset.lang === "auto" ? undefined : root.lang.slice(0, 2));
    const figures = document.querySelectorAll("figure.pg-board");
    figures.forEach((fig, i) => {
      if (!fig.id) fig.id = `pg-board-${i + 1}`;
      if (fig.dataset.position === "#") this.fromHash(fig);
      const canvas = document.createElement("canvas");
      canvas.hidden = true; canvas.tabIndex = 0;
      const caption = fig.querySelector("figcaption")?.textContent;
      if (caption) canvas.setAttribute("aria-label", caption); else i18n.ready.then(() => canvas.setAttribute("aria-label", t("Game board")));
      if (fig.dataset.width) canvas.style.width = fig.dataset.width + "px";
      const status = document.createElement("div");
      status.className = "pg-status"; status.setAttribute("aria-live", "polite");
      fig.prepend(canvas);
      canvas.after(status);
      if (this.exercise(fig)) this.learning.boot(fig);
      else if (fig.dataset.interactive !== undefined) {
        const bar = document.createElement("div");
        bar.className = "pg-controls";
        for (const [what, label] of [["first", "|◀"], ["prev", "◀"], ["next", "▶"], ["last", "▶|"], ["reset", t("Reset")]]) {
          const b = document.createElement("button");
          b.textContent = label; b.dataset.nav = what; b.type = "button"; b.disabled = true;
          if (what === "reset") b.dataset.i18n = "";
          b.addEventListener("click", () => (what === "reset" ? this.load(fig) : this.show(fig, this.api.act(fig.id, what, this.prefs(fig)))));
          bar.append(b);
        }
        status.after(bar);
        canvas.addEventListener("click", (e) => {
          if (!this.api) return;
          if (fig.dataset.thinking) { fig.querySelector(".pg-status").textContent = t("Wait for the computer's move."); return; }
          const [x, y] = board.toBoard(canvas, e);
          this.show(fig, this.api.click(fig.id, x, y, this.prefs(fig)));
        });
      }
    });
    const fail = () => this.api || figures.forEach((fig) => { fig.dataset.failed = "1"; });
    startup.watch(fail);
    requestAnimationFrame(() => { window.pgBoardAt = performance.now(); });
  },

  // A lesson step or a puzzle (data-lesson, data-puzzle): learn.js drives it.
  exercise(fig) { return fig.dataset.lesson !== undefined || fig.dataset.puzzle !== undefined; },

  // The iframe route: the page's own fragment is the position, plus view=1 / coords=0.
  fromHash(fig) {
    const params = new URLSearchParams(location.hash.slice(1));
    for (const kind of ["lesson", "puzzle"]) {
      if (params.has(kind)) { fig.dataset[kind] = params.get(kind); delete fig.dataset.position; return; }
    }
    fig.dataset.position = location.hash.slice(1);
    if (params.get("view") !== "1") fig.dataset.interactive = "";
    if (params.get("coords") === "0") fig.dataset.coordinates = "0";
    if (params.get("overlays") === "1") fig.dataset.overlays = "1";
    for (const key of ["computer", "level"]) if (params.get(key)) fig.dataset[key] = params.get(key);
  },

  prefs(fig) {
    return JSON.stringify({ coordinates: fig.dataset.coordinates !== "0", last_move: true,
      overlays: fig.dataset.overlays === "1", confirm: false });
  },

  load(fig) {
    const marks = fig.dataset.marks ? `&marks=${fig.dataset.marks}` : "";
    this.show(fig, this.api.load(fig.id, fig.dataset.position + marks, this.prefs(fig), ""));
  },

  async connect(api) {
    this.api = api;
    await i18n.ready;
    i18n.apply();
    api.language(i18n.lang, i18n.catalog);
    startup.offline().then(() => document.querySelector("figure.pg-board[data-computer]") && workers.start(api, null));
    document.querySelectorAll("figure.pg-board").forEach((fig) => {
      const canvas = fig.querySelector("canvas");
      canvas.hidden = false;
      const still = fig.querySelector(".pg-static");
      if (still) still.hidden = true;
      if (this.exercise(fig)) this.learning.load(fig); else this.load(fig);
      fig.querySelectorAll(".pg-controls button").forEach((b) => { b.disabled = false; });
      fig.dataset.live = "1";
    });
    document.body.dataset.ready = "1";
    window.pgReadyAt = performance.now();
    window.pgReady = true;
  },

  show(fig, json) {
    const v = JSON.parse(json);
    const status = fig.querySelector(".pg-status");
    if (v.error) { status.textContent = v.error; return; }
    const step = fig.dataset.ply !== undefined && v.ply === Number(fig.dataset.ply) + 1;
    board.draw(fig.querySelector("canvas"), v.scene, board.geometry(this.api, v.board), {}, step);
    // "Play from here" opens the game page at the position on view
    const link = fig.querySelector("a.play-here");
    if (link) link.href = `./index.html#${v.link}${i18n.lang === "en" ? "" : `&lang=${i18n.lang}`}`;
    status.textContent = [...v.errors, v.message].filter(Boolean).join(" ") ||
      (fig.dataset.interactive !== undefined ? v.prompt : "");
    fig.dataset.ply = v.ply;
    this.maybeThink(fig, v);
  },

  // A board with data-computer: the computer answers when one of its seats is to move.
  maybeThink(fig, v) {
    const seats = (fig.dataset.computer || "").split(",").map((n) => Number(n) - 1);
    if (v.over || v.ply !== v.plies || !seats.includes(v.seat_to_move) || fig.dataset.thinking) return;
    fig.dataset.thinking = "1";
    fig.querySelector(".pg-status").textContent = t("The computer is thinking…");
    workers.ask({ purpose: "move", fragment: v.fragment, level: fig.dataset.level || "easy", seat: v.seat_to_move })
      .then((answer) => {
        delete fig.dataset.thinking;
        if (answer.move) this.show(fig, this.api.computer(fig.id, answer.move, answer.key, this.prefs(fig)));
        else if (answer.refused || answer.error) fig.querySelector(".pg-status").textContent = answer.refused || answer.error;
      });
  },
};
