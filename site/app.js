// The game page's app: its state, start-up (before Python and once Python is ready), and
// showing a view from Python (the board, the panel, the address bar). It knows no rules:
// every decision comes from Python as JSON (see main.py). Its parts, one job each, are the
// app-*.js modules; each adds its methods to this one object, so that any part reaches the
// state and the others' methods through `this`.

import { boardControls } from "./app-board.js";
import { computerHelp } from "./app-computer.js";
import { forms } from "./app-forms.js";
import { moveList } from "./app-moves.js";
import { records } from "./app-records.js";
import { reviewPanel } from "./app-review.js";
import { startScreen } from "./app-start.js";
import { board } from "./board.js";
import { i18n, t } from "./i18n.js";
import { sound } from "./sound.js";
import { startup } from "./startup.js";
import { theme } from "./theme.js";
import { workers } from "./workers.js";

const core = {
  api: null,
  // Confirm-move is on by default on touch screens. The scoring overlay has no setting until
  // the player makes one: each game then has its own default (Session.view).
  prefs: { coordinates: true, last_move: true, evaluation: false, animations: true, sound: false,
    theme: "auto", confirm: window.matchMedia("(pointer: coarse)").matches, ponder: true },
  fragment: "",
  games: [],
  computer: new Set(),  // seats the computer plays (from the view: the session keeps them, and the link)
  thinking: false,
  expecting: null,  // the computer's expected reply to its last move: {key, reply, spent}
  evaluated: "",  // the position the evaluation bar shows
  chances: null,  // the computer's view of the position after its move, for the bar
  view: null,
  cursor: null,  // the keyboard cursor's point
  hinted: null,  // the hint on view: {fragment, path}, its expected line as moves
  reviewing: null,  // the game (its key) the computer's workers are reviewing
  better: null,  // a review's better move on view: {ply, key, moves, verdict}
  line: null,  // that line as the board shows it: [{point, colour}], numbered from 1
  hover: null,  // the point under the mouse
  pushNext: false,  // the next view starts a new game: give it its own history entry
  left: null,  // the link of the unfinished game that another replaced (see leave)
  resumed: false,  // the page opened without a link on the game this browser showed last
  shown: {},  // what each part of the panel shows (see changed)

  $(id) { return document.getElementById(id); },

  // Before Python runs: the linked game's start position at once, controls disabled,
  // and any start-up failure turned into a message.
  boot() {
    window.pgConnect = (api) => this.connect(api);
    try { Object.assign(this.prefs, JSON.parse(localStorage.getItem("pygames.prefs") || "{}")); } catch (e) { /* keep defaults */ }
    // Every form is handled by script: none may ever navigate (and restart the engine).
    document.addEventListener("submit", (e) => e.preventDefault());
    this.resume();
    this.startPosition();
    i18n.ready.then(() => this.languageShown());
    document.querySelectorAll("[data-lang]").forEach((b) => b.addEventListener("click", () => this.setLanguage(b.dataset.lang)));
    const fail = (why) => {
      if (this.api) return;
      this.$("loading").textContent = t("The game engine could not start ({why}). Reload the page to try again.", { why });
      this.$("loading").classList.add("failed");
      document.body.dataset.failed = "1";
    };
    startup.watch(fail);
  },

  // Called by main.py once Python and pygames are loaded.
  async connect(api) {
    this.api = api;
    await i18n.ready;
    api.language(i18n.lang, i18n.catalog);
    this.gameChoices();
    const select = this.$("game-select");
    select.addEventListener("change", () => this.optionFields(select.value));
    this.$("new-game").addEventListener("submit", (e) => { e.preventDefault(); this.newGame(); });
    this.wireBoard(this.$("board"));
    document.addEventListener("keydown", (e) => this.historyKey(e));
    document.querySelectorAll("[data-nav]").forEach((b) => b.addEventListener("click", () => this.act(b.dataset.nav)));
    this.$("undo").addEventListener("click", () => this.undo());
    this.$("redo").addEventListener("click", () => this.act("redo"));
    this.$("confirm").addEventListener("click", () => this.act("confirm"));
    document.querySelectorAll("[data-copy-link]").forEach((b) => b.addEventListener("click", () => this.copyLink()));
    this.$("rematch").addEventListener("click", () => this.rematch());
    this.$("again").addEventListener("click", () => this.newGame(this.view.game, this.view.options));
    this.$("hint").addEventListener("click", () => this.hint());
    this.$("review-start").addEventListener("click", () => this.review());
    this.$("end-review").addEventListener("click", () => this.review());
    this.$("review-cancel").addEventListener("click", () => this.stopReview());
    this.$("review-better").addEventListener("click", () => this.toggleBetter());
    this.$("review-graph").addEventListener("click", (e) => this.graphClick(e));
    this.$("review-budget").value = localStorage.getItem("pygames.review") || "quick";
    this.$("review-budget").addEventListener("change", (e) => localStorage.setItem("pygames.review", e.target.value));
    this.$("hint-line").addEventListener("click", () => this.toggleLine());
    this.$("resign").addEventListener("click", () => this.resign());
    this.$("download").addEventListener("click", () => this.download());
    this.$("record-open").addEventListener("click", () => this.openRecord(this.$("record-text").value));
    this.$("record-file").addEventListener("change", (e) => this.openFile(e.target.files[0]));
    const box = this.$("board-box");
    box.addEventListener("dragover", (e) => e.preventDefault());
    box.addEventListener("drop", (e) => { e.preventDefault(); this.openFile(e.dataTransfer.files[0]); });
    const level = this.$("level");
    this.levelChoices();
    level.value = this.$("vs-level").value = localStorage.getItem("pygames.level") || "medium";
    this.levelAbout();
    level.addEventListener("change", () => {
      localStorage.setItem("pygames.level", level.value);
      this.levelAbout();
      // the computer's seats now play at this level (it is part of the link)
      if (this.computer.size) this.setComputer([...this.computer]);
    });
    this.$("play-computer").addEventListener("click", () => this.askOpponent());
    this.$("play-friend").addEventListener("click", () => this.playFriend());
    this.$("return").addEventListener("click", () => this.returnToLeft());
    this.$("vs-level").addEventListener("change", () => this.levelAbout());
    this.$("vs-cancel").addEventListener("click", () => this.$("vs-computer").close());
    this.$("vs-form").addEventListener("submit", (e) => { e.preventDefault(); this.playComputer(); });
    this.coreChoices();
    this.$("type-move").addEventListener("submit", (e) => {
      e.preventDefault();
      const input = e.target.elements.move;
      this.show(api.typed("main", input.value, this.prefsJson()));
      if (!this.$("message").textContent) input.value = "";
    });
    document.querySelectorAll("[data-pref]").forEach((box) => {
      const name = box.dataset.pref;
      if (box.type === "checkbox") box.checked = !!this.prefs[name]; else box.value = this.prefs[name];
      box.addEventListener("change", () => {
        this.prefs[name] = box.type === "checkbox" ? box.checked : box.value;
        localStorage.setItem("pygames.prefs", JSON.stringify(this.prefs));
        this.applyPrefs();
        this.show(api.redraw("main", this.prefsJson()));
      });
    });
    this.applyPrefs();
    const redraw = () => { theme.apply(this.prefs.theme); if (this.view) this.show(api.redraw("main", this.prefsJson())); };
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", redraw);
    // a game tab, a pasted link or the browser's history chose another game: the one left,
    // if unfinished, stays one tap away (see leave)
    window.addEventListener("hashchange", () => {
      if (location.hash.slice(1) === this.fragment) return;
      const before = this.view;
      this.load();
      if (before && this.view && before.key !== this.view.key) this.leave(before);
    });
    // a new width redraws the board as it is (the message, a hint's among them, stays)
    window.addEventListener("resize", () => this.view && this.drawBoard(this.view, false));
    this.load();
    if (this.resumed && this.view && this.view.plies && !this.$("message").textContent) {
      this.say(t("Your last game, as you left it. Play the computer or Play a friend starts a new one."), "info");
    }
    this.$("loading").hidden = true;
    this.$("board-box").querySelector(".pg-start")?.remove();
    this.$("controls").disabled = false;
    document.body.dataset.ready = "1";
    window.pgReadyAt = performance.now();
    window.pgReady = true;
    // The computer's worker loads the same runtime: after the offline cache has it, so that
    // it is served from there rather than asked of the server a second time.
    startup.offline().then(() => workers.start(api, (text) => {
      this.$("ai-note").hidden = false;
      this.$("ai-note").textContent = text;
    }, this.cores()));
  },

  applyPrefs() {
    theme.apply(this.prefs.theme);
    board.animate = this.prefs.animations !== false;
    document.body.dataset.confirm = this.prefs.confirm ? "1" : "";
  },

  prefsJson() { return JSON.stringify(this.prefs); },

  // A colour's name (the English name, its key) as players read it, from the view.
  colourLabel(name) {
    const v = this.view, i = v ? v.colours.indexOf(name) : -1;
    return i >= 0 ? v.colour_labels[i] : name;
  },

  // A visit without a link goes on with the game this browser showed last, so that closing
  // the tab, or opening the installed app from its icon, loses no game (a first visit has
  // none, and gets the newcomer's screen). Every view is kept (see show).
  resume() {
    if (location.hash.slice(1)) return;
    let last = null;
    try { last = localStorage.getItem("pygames.game"); } catch (e) { /* no storage: a fresh start */ }
    if (!last) return;
    history.replaceState(null, "", "#" + last);
    this.resumed = true;
  },

  // The game the address names; a link made during a review opens straight into one.
  load() {
    this.left = null;  // until what chose this game says what it replaced (see leave)
    this.show(this.api.load("main", location.hash.slice(1), this.prefsJson(), ""));
    if (this.view && this.view.review_asked && !this.reviewing) {
      this.$("review-budget").value = this.view.review_asked;
      this.review();
    }
  },

  // History buttons work while the computer thinks; moves wait for it.
  act(what) {
    if (this.thinking && !["first", "prev", "next", "last"].includes(what) && !what.startsWith("goto:")) {
      return this.say(t("Wait for the computer's move."), "info");
    }
    this.show(this.api.act("main", what, this.prefsJson()));
  },

  // Against the computer, take back to the last position where a person is to move (a
  // move it is thinking about is abandoned).
  undo() {
    workers.cancel(["move"]);
    workers.forget();
    let json = this.api.act("main", "undo", this.prefsJson());
    let v = JSON.parse(json);
    while (!v.error && v.can_undo && this.computer.has(v.seat_to_move)) {
      json = this.api.act("main", "undo", this.prefsJson());
      v = JSON.parse(json);
    }
    this.show(json);
  },

  // A message under the board: "info" for news (a copied link, a hint), else a problem.
  // Long text is cut: a message is a line or two, never a wall.
  say(text, kind = "problem") {
    const box = this.$("message");
    box.textContent = text.length > 300 ? `${text.slice(0, 300)}…` : text;
    box.dataset.kind = kind;
  },

  // Show a view (JSON text from Python): board, panel, address bar.
  show(json, kind) {
    const v = JSON.parse(json);
    if (v.error) { this.say(v.error); return; }
    const before = this.view;
    if (!v.hinted && this.hinted) { this.hinted = this.line = null; this.lineButton(); }
    const step = before && before.key === v.key && v.ply === before.ply + 1;
    const grown = before && v.key !== before.key && v.plies === before.plies + 1 && v.ply === v.plies;
    this.drawBoard(v, step || grown);
    if ((step || grown) && this.prefs.sound) {
      const note = v.moves[v.ply - 1];
      if (note) sound.play(/captured/.test(note[2]) ? "capture" : "move");
    }
    this.$("title").textContent = v.title;
    this.$("prompt").textContent = v.prompt;
    this.$("last").textContent = v.last;
    this.$("position").textContent = v.position;
    this.$("describe").textContent = v.describe;
    this.$("legend").textContent = v.scene.legend.length ? t("Overlay — {legend}", { legend: v.scene.legend.join(" · ") }) : "";
    const branched = before && v.lines.length > before.lines.length && v.plies < before.plies + 1;
    const news = branched ? t("A new line starts at move {number}; the other line is kept (Undo, or “Back to it” under the moves).", { number: v.ply }) : "";
    // each message on a line of its own (a broken link may have several)
    this.say([...v.errors, v.message || news].filter(Boolean).join("\n"), kind || (v.message || v.errors.length ? "problem" : "info"));
    document.body.dataset.game = v.game;
    this.$("rules-link").href = `./rules-${v.rules_page}${i18n.lang === "en" ? "" : `-${i18n.lang}`}.html`;
    if (!before || before.game !== v.game) {
      const nav = this.$("games");
      nav.querySelectorAll("a").forEach((a) => a.classList.toggle("current", a.dataset.game === v.game));
      // on a narrow screen, scroll the current game into the header's view (at the next frame,
      // so as not to force a layout now)
      requestAnimationFrame(() => { const a = nav.querySelector("a.current"); if (a) nav.scrollLeft = a.offsetLeft - nav.offsetLeft - 8; });
    }
    const select = this.$("game-select");
    if (select.value !== v.game || !this.$("option-fields").children.length) {
      select.value = v.game; this.optionFields(v.game, v.options);
    }
    this.$("actions").classList.toggle("only", v.actions_only);
    if (this.changed("actions", v.actions)) this.$("actions").replaceChildren(...v.actions.map(([token, label, final]) => {
      const b = document.createElement("button");
      b.textContent = final ? t("{action} (ends the game)", { action: label }) : label; b.dataset.move = token;
      if (final) b.classList.add("final");
      b.addEventListener("click", () => this.act(token));
      return b;
    }));
    this.$("confirm").hidden = !v.pending;
    this.$("confirm").textContent = v.pending_text;
    if (this.changed("seats", [v.seats, v.seat_to_move])) this.$("seats").replaceChildren(...v.seats.map(([seat, colour], i) => {
      const li = document.createElement("li");
      li.textContent = `${seat}: ${v.colour_labels[v.colours.indexOf(colour)] ?? colour}`;
      li.dataset.colour = colour;
      if (i === v.seat_to_move) li.className = "turn";
      return li;
    }));
    const score = this.scoreTable(v, v.to_move);
    if (this.changed("score", score)) this.$("score").innerHTML = score;
    this.$("score-help").textContent = v.score_help;
    this.$("score-help").hidden = !v.score_help;
    document.querySelector("[data-pref=overlays]").checked = v.overlays;  // the player's setting, or the game's default
    this.$("ply").textContent = `${v.ply} / ${v.plies}`;
    this.$("undo").disabled = !v.can_undo;
    this.$("resign").disabled = !v.can_resign;
    if (!before || before.key !== v.key || before.ply !== v.ply) this.disarmResign();
    this.$("redo").disabled = !v.can_redo;
    this.showMoves(v, before);
    this.showEnd(v);
    this.showReview(v);
    this.computer = new Set(Object.keys(v.computer).map(Number));
    this.computerSeats(v.seats);
    if (this.view && this.view.key !== v.key) workers.cancel(["hint"]);
    this.view = v;
    this.$("eval").hidden = !this.prefs.evaluation;
    this.maybeThink(v);
    this.evaluate(v);
    this.ponder(v);
    this.fragment = v.fragment;
    if (location.hash.slice(1) !== v.fragment) history[this.pushNext ? "pushState" : "replaceState"](null, "", "#" + v.fragment);
    this.pushNext = false;
    try { localStorage.setItem("pygames.game", this.keptLink(v)); } catch (e) { /* not kept */ }
    this.showReturn();
    document.body.dataset.ply = v.ply;
  },

  // The link that keeps a view's game for a later visit or a return: without its review,
  // which opening the link would start again.
  keptLink(v) { return v.link.replace(/&review=[^&]*/, ""); },

  // Whether `value` differs from what the part `name` of the panel shows: unchanged parts
  // are left alone, so a step through the history touches little of the page.
  changed(name, value) {
    const text = JSON.stringify(value);
    if (this.shown[name] === text) return false;
    this.shown[name] = text;
    return true;
  },
};

export const app = Object.assign(core, startScreen, boardControls, forms, computerHelp, moveList, reviewPanel, records);
// for tests and the browser's console
window.PgApp = app;
