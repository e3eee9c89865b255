// The app before Python is ready, and its language: the linked game's start position and
// texts at once, and the page's own texts in the language shown (the switch redoes them).

import { board } from "./board.js";
import { i18n } from "./i18n.js";

export const startScreen = {
  // Show the build-time drawing of the linked game's start position (pygames.render's
  // SVG, the same picture the canvas will draw) over the still blank canvas, which takes
  // the drawing's proportions so that the live board replaces it without moving. A link
  // to a later position dims it: the real position arrives with Python.
  startPosition() {
    const params = new URLSearchParams(location.hash.slice(1));
    const start = document.querySelector(`template[data-game="${CSS.escape(params.get("g") || "")}"]`) ||
      document.querySelector("template[data-game]");
    if (!start) return;
    const picture = document.createElement("div");
    picture.className = "pg-start";
    picture.setAttribute("aria-hidden", "true");
    picture.append(start.content.cloneNode(true));
    const canvas = this.$("board");
    // The live board's height at this width (its coordinates keep a fixed size in pixels,
    // so it is not simply the picture's proportions), from the picture's fits (pygames.render.fit,
    // without coordinates and with them).
    const box = board.layout(JSON.parse(start.dataset.fits)[Number(this.prefs.coordinates)], canvas.clientWidth);
    canvas.style.height = picture.style.height = `${box.height}px`;
    const later = [...params.keys()].some((k) => !["v", "g", "lang"].includes(k));
    picture.classList.toggle("later", later);
    this.$("eval").hidden = !this.prefs.evaluation;  // its place is kept from the start
    this.startTexts = { game: start.dataset.game, later };
    this.showStartTexts();
    canvas.after(picture);
    requestAnimationFrame(() => { window.pgBoardAt = performance.now(); });
  },

  // The start texts (title, rules line, prompt) of the linked game before Python is ready,
  // in the language shown.
  showStartTexts() {
    if (!this.startTexts || this.view) return;
    const start = document.querySelector(`template[data-game="${CSS.escape(this.startTexts.game)}"]`);
    const texts = i18n.starts[this.startTexts.game] || start.dataset;
    this.$("title").textContent = texts.title;
    if (!this.startTexts.later) {
      this.$("describe").textContent = texts.describe;
      this.$("prompt").textContent = texts.prompt;
    }
  },

  // The page's own texts in the language now shown, and the switch showing which it is.
  languageShown() {
    i18n.apply();
    const rules = this.$("rules-link");
    rules.href = rules.getAttribute("href").replace(/(-[a-z]{2})?\.html$/, i18n.lang === "en" ? ".html" : `-${i18n.lang}.html`);
    document.querySelectorAll("[data-lang]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.lang === i18n.lang)));
    this.showStartTexts();
  },

  // The language switch: everything in the new language at once, the game as it is.
  setLanguage(lang) {
    try { localStorage.setItem("pygames.lang", lang); } catch (e) { /* not remembered */ }
    i18n.use(lang).then(() => {
      this.languageShown();
      if (!this.api) return;
      this.api.language(i18n.lang, i18n.catalog);
      this.gameChoices();
      this.levelChoices();
      this.shown = {};
      this.$("computer-seats").dataset.names = "";
      if (this.view) {
        this.$("option-fields").replaceChildren();
        this.show(this.api.redraw("main", this.prefsJson()));
      }
    });
  },
};
