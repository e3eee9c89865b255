// Lessons and puzzles on embedded boards: <figure class="pg-board" data-lesson="<game>/3">
// or data-puzzle="<game>/17". embed-boards.js imports this file only on a page that has
// such a board, so the game page never downloads it. The board asks; Python (pygames.learn,
// via main.py's exercise and drill) judges; this file only shows what it says, keeps the
// player's progress in the browser and plays a puzzle's answer after the player's move.
// On learn.html it also runs the page (learnPage, below).

import { board } from "./board.js";
import { embed } from "./embed-boards.js";
import { i18n, t } from "./i18n.js";

export const learning = {
  base: new URL(".", import.meta.url).href,
  data: {},        // file name -> its text (or a rejected promise's message)
  STORE: "pygames.learn",
  PAUSE_MS: 650,   // between the player's move and the answer it meets

  // Progress: {lessons: {<game>: [3, 1]}, puzzles: {<game>: [12]}} (steps done, puzzles solved).
  progress() {
    try { return JSON.parse(localStorage.getItem(this.STORE)) || {}; } catch (e) { return {}; }
  },
  remember(kind, game, number) {
    const all = this.progress();
    const list = ((all[kind] ||= {})[game] ||= []);
    if (!list.includes(number)) list.push(number);
    try { localStorage.setItem(this.STORE, JSON.stringify(all)); } catch (e) { /* no storage: progress is not kept */ }
  },
  done(kind, game) { return (this.progress()[kind] || {})[game] || []; },

  // "<game>/3" -> {kind, game, number}; junk gives null.
  parse(fig) {
    const kind = fig.dataset.lesson !== undefined ? "lesson" : "puzzle";
    const m = /^([a-z]+)\/(\d{1,4})$/.exec((fig.dataset[kind] || "").trim());
    return m ? { kind, game: m[1], number: Number(m[2]) } : { kind, game: null, number: 0 };
  },

  file(kind, game) { return `${kind === "lesson" ? "lessons" : "puzzles"}-${game}.json`; },

  fetchData(name) {
    this.data[name] ||= fetch(this.base + "learn/" + name).then((r) => {
      if (!r.ok) throw new Error(r.status === 404 ? t("nothing of that name") : r.statusText);
      return r.text();
    }).catch((e) => { delete this.data[name]; throw e; });  // a failed download is tried again next time
    return this.data[name];
  },

  // learn/index.json: the menu's contents, and the name of the lessons' own Python
  // (pygames.learn and pygames.exercise, compiled), which the game page never loads.
  index() {
    this.indexed ||= fetch(this.base + "learn/index.json").then((r) => r.json());
    return this.indexed;
  },
  code() {
    this.coded ||= this.index().then((index) => fetch(this.base + index.code))
      .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(r.statusText)))).then((b) => new Uint8Array(b));
    return this.coded;
  },

  // Build the board's own parts once: the step's words above it, its buttons below.
  boot(fig) {
    const head = document.createElement("div");
    head.className = "pg-learn-head";
    head.innerHTML = '<p class="pg-learn-where"></p><h3 class="pg-learn-title"></h3><p class="pg-learn-text"></p>';
    fig.prepend(head);
    const bar = document.createElement("div");
    bar.className = "pg-learn-bar";
    fig.querySelector(".pg-status").after(bar);
    fig.querySelector("canvas").addEventListener("click", (e) => {
      // a tap while the answer plays out is dropped, not kept for later
      if (!embed.api || fig.dataset.busy || !fig.dataset.shown) return;
      const [x, y] = board.toBoard(fig.querySelector("canvas"), e);
      this.drill(fig, `click:${x},${y}`);
    });
  },

  async load(fig) {
    if (fig.dataset.routed && !(fig.dataset.lesson || fig.dataset.puzzle)) return;  // learn.html's menu
    const { kind, game, number } = this.parse(fig);
    delete fig.dataset.shown;
    fig.dataset.loading = "1";
    let answer;
    try {
      if (!game) throw new Error(t("nothing of that name"));
      const [text, code] = await Promise.all([this.fetchData(this.file(kind, game)), this.code()]);
      answer = JSON.parse(embed.api.exercise(fig.id, kind, text, number, embed.prefs(fig), code));
    } catch (e) {
      answer = { error: e.message };
    }
    delete fig.dataset.loading;
    if (answer.error) {
      fig.dataset.missing = "1";
      const what = kind === "lesson" ? t("There is no lesson {name}.", { name: `${game || "?"}/${number}` })
        : t("There is no puzzle {name}.", { name: `${game || "?"}/${number}` });
      fig.querySelector(".pg-status").textContent = what;
      fig.querySelector("canvas").hidden = true;
      fig.dispatchEvent(new CustomEvent("pg-missing", { bubbles: true, detail: { kind, game, number } }));
      return;
    }
    delete fig.dataset.missing;
    fig.querySelector("canvas").hidden = false;
    this.play(fig, answer.frames);
  },

  drill(fig, what) {
    this.play(fig, JSON.parse(embed.api.drill(fig.id, what, embed.prefs(fig))).frames);
  },

  // Show each frame in turn: the player's move, then (after a pause) the answer to it.
  play(fig, frames) {
    if (!frames) return;
    fig.dataset.busy = "1";
    const next = (i) => {
      this.show(fig, frames[i], i > 0);
      if (i + 1 < frames.length) setTimeout(() => next(i + 1), this.PAUSE_MS);
      else { delete fig.dataset.busy; fig.dataset.shown = String(Number(fig.dataset.shown || 0) + 1); }
    };
    next(0);
  },

  show(fig, v, animate) {
    const info = v.learn;
    const canvas = fig.querySelector("canvas");
    board.draw(canvas, v.scene, board.geometry(embed.api, v.board), {}, animate || v.ply > 0);
    const where = info.kind === "lesson"
      ? t("Lesson: {game}, step {number} of {count}", { game: v.title, number: info.number, count: info.count })
      : t("Puzzle {number} · {game} · {level}", { number: info.number, game: v.title, level: info.level_name });
    fig.querySelector(".pg-learn-where").textContent = where;
    fig.querySelector(".pg-learn-title").textContent = info.title;
    fig.querySelector(".pg-learn-text").textContent = info.text;
    const status = fig.querySelector(".pg-status");
    status.textContent = info.message;
    status.dataset.kind = info.right || info.good ? "right" : info.message ? "wrong" : "";
    fig.dataset.right = info.right ? "1" : "";
    fig.dataset.ply = v.ply;
    canvas.setAttribute("aria-label", [info.title, info.text, v.position].filter(Boolean).join(" "));
    if (info.right) this.remember(info.kind === "lesson" ? "lessons" : "puzzles", info.game, info.number);
    this.buttons(fig, v, info);
  },

  buttons(fig, v, info) {
    const bar = fig.querySelector(".pg-learn-bar");
    bar.replaceChildren();
    const add = (label, what, name) => {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = label; b.dataset.do = name || what;
      b.addEventListener("click", () => {
        if (fig.dataset.busy) return;
        if (typeof what === "function") what(); else this.drill(fig, what);
      });
      bar.append(b);
      return b;
    };
    if (!info.right) {
      if (info.task === "choose") add(t("Check"), "check");
      if (info.task === "winner") for (const [colour, label] of info.choices) add(label, `winner:${colour}`);
      if (info.task === "play" || info.task === "puzzle") for (const [move, label] of info.actions) add(label, `move:${move}`);
    }
    if (info.kind === "puzzle") {
      add(t("Start again"), "reset");
      if (!info.right) add(t("Show the solution"), "solution");
    }
    const step = (by) => {
      const next = info.number + by;
      if (fig.dataset.lesson !== undefined) fig.dataset.lesson = `${info.game}/${next}`;
      fig.dispatchEvent(new CustomEvent("pg-step", { bubbles: true, detail: { kind: info.kind, game: info.game, number: next } }));
      if (!fig.dataset.routed) this.load(fig);
    };
    if (info.kind === "lesson") {
      if (info.number > 1) add(t("Previous step"), () => step(-1), "previous");
      if (info.number < info.count) add(t("Next step"), () => step(1), "next").classList.toggle("primary", info.right);
    } else if (info.right && fig.dataset.routed) {
      add(t("Next puzzle"), () => fig.dispatchEvent(new CustomEvent("pg-next", { bubbles: true, detail: info })), "next")
        .classList.add("primary");
    }
  },
};

// learn.html: the menu of lessons and puzzles, and one board that shows whichever the
// link names: #<game>/3 (a lesson step), #puzzles/<game> (its list and the first puzzle
// not yet solved), #puzzles/<game>/17. A link that names nothing shows the menu and says so.
const learnPage = {
  index: null,

  async start() {
    const fig = document.getElementById("learn-board");
    document.querySelectorAll(".lang-switch [data-lang]").forEach((b) => b.addEventListener("click", () => {
      try { localStorage.setItem("pygames.lang", b.dataset.lang); } catch (e) { /* not remembered */ }
      i18n.use(b.dataset.lang).then(() => {
        i18n.apply();
        if (embed.api) embed.api.language(i18n.lang, i18n.catalog);
        this.route();
      });
    }));
    fig.addEventListener("pg-missing", (e) => this.menu(e.detail.kind === "lesson"
      ? t("There is no lesson {name}.", { name: `${e.detail.game || "?"}/${e.detail.number}` })
      : t("There is no puzzle {name}.", { name: `${e.detail.game || "?"}/${e.detail.number}` })));
    fig.addEventListener("pg-step", (e) => { location.hash = `${e.detail.game}/${e.detail.number}`; });
    fig.addEventListener("pg-next", (e) => { location.hash = this.nextPuzzle(e.detail.game, e.detail.number); });
    window.addEventListener("hashchange", () => this.route());
    try {
      this.index = (await learning.index()).games;
    } catch (e) {
      this.index = {};
    }
    await i18n.ready;
    this.route();
  },

  say(text) { document.getElementById("learn-message").textContent = text; },

  route() {
    const hash = decodeURIComponent(location.hash.slice(1));
    this.say("");
    document.querySelectorAll(".lang-switch [data-lang]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.lang === i18n.lang)));
    if (!hash) return this.menu("");
    const puzzle = /^puzzles\/([a-z]+)(?:\/(\d{1,4}))?$/.exec(hash);
    const lesson = /^([a-z]+)\/(\d{1,4})$/.exec(hash);
    if (puzzle && this.index[puzzle[1]]) {
      const number = puzzle[2] ? Number(puzzle[2]) : this.firstUnsolved(puzzle[1]);
      return this.stage("puzzle", puzzle[1], number);
    }
    if (lesson && this.index[lesson[1]]) return this.stage("lesson", lesson[1], Number(lesson[2]));
    this.menu(t("There is nothing called {name} to learn here.", { name: hash }));
  },

  menu(message) {
    document.getElementById("learn-menu").hidden = false;
    document.getElementById("learn-stage").hidden = true;
    document.title = t("Learn: lessons and puzzles · pygames");
    this.say(message);
    const games = document.getElementById("learn-games");
    games.replaceChildren();
    for (const [game, about] of Object.entries(this.index)) {
      const card = document.createElement("section");
      card.className = "learn-card";
      card.dataset.game = game;
      const steps = learning.done("lessons", game).filter((n) => n <= about.steps).length;
      const solved = learning.done("puzzles", game).length;
      const next = Math.min(about.steps, steps + 1);
      card.innerHTML = "<h2></h2><p><a class='learn-lesson'></a></p><p><a class='learn-puzzles'></a></p>";
      card.querySelector("h2").textContent = about.title[i18n.lang] || about.title.en;
      Object.assign(card.querySelector(".learn-lesson"), { href: `#${game}/${next}`,
        textContent: t("Lesson: {done} of {count} steps done", { done: steps, count: about.steps }) });
      Object.assign(card.querySelector(".learn-puzzles"), { href: `#puzzles/${game}`,
        textContent: t("Puzzles: {done} of {count} solved", { done: solved, count: about.puzzles.length }) });
      games.append(card);
    }
    const daily = this.daily();
    const link = document.getElementById("learn-daily");
    link.hidden = !daily;
    if (daily) {
      link.replaceChildren(Object.assign(document.createElement("a"), { href: `#puzzles/${daily.game}/${daily.id}`,
        textContent: t("Puzzle of the day: {game}, puzzle {number}", { game: t(this.index[daily.game].name), number: daily.id }) }));
    }
  },

  // The same puzzle for everybody on a given day (UTC), taking the games in turn.
  daily() {
    const games = Object.keys(this.index).filter((g) => this.index[g].puzzles.length);
    if (!games.length) return null;
    const day = Math.floor(Date.now() / 86400000);
    const game = games[day % games.length];
    const list = this.index[game].puzzles;
    return { game, id: list[(Math.floor(day / games.length) * 7919) % list.length][0] };
  },

  firstUnsolved(game) {
    const solved = learning.done("puzzles", game);
    const list = this.index[game].puzzles;
    return (list.find(([id]) => !solved.includes(id)) || list[0] || [1])[0];
  },

  nextPuzzle(game, id) {
    const list = this.index[game].puzzles.map(([n]) => n);
    const solved = learning.done("puzzles", game);
    const after = list.slice(list.indexOf(id) + 1).concat(list.slice(0, list.indexOf(id)));
    return `puzzles/${game}/${after.find((n) => !solved.includes(n)) || after[0] || id}`;
  },

  stage(kind, game, number) {
    document.getElementById("learn-menu").hidden = true;
    document.getElementById("learn-stage").hidden = false;
    const fig = document.getElementById("learn-board");
    delete fig.dataset.lesson; delete fig.dataset.puzzle;
    fig.dataset[kind] = `${game}/${number}`;
    document.title = `${kind === "lesson" ? t("Lesson") : t("Puzzles")}: ${t(this.index[game].name)} · pygames`;
    this.list(kind === "puzzle" ? game : null, number);
    if (embed.api) learning.load(fig);
  },

  // A puzzle page's list: every puzzle of the game by difficulty, the solved ones ticked.
  list(game, current) {
    const list = document.getElementById("learn-list");
    const nav = list.querySelector("nav");
    list.hidden = !game;
    nav.replaceChildren();
    if (!game) return;
    const solved = learning.done("puzzles", game);
    list.querySelector("summary").textContent = t("Puzzles: {done} of {count} solved",
      { done: solved.length, count: this.index[game].puzzles.length });
    const levels = { 1: t("Easy"), 2: t("Medium"), 3: t("Hard") };
    for (const level of [1, 2, 3]) {
      const row = document.createElement("p");
      row.className = "learn-level";
      row.append(Object.assign(document.createElement("span"), { textContent: levels[level] }));
      for (const [id, l] of this.index[game].puzzles) {
        if (l !== level) continue;
        const a = Object.assign(document.createElement("a"), { href: `#puzzles/${game}/${id}`, textContent: String(id) });
        if (solved.includes(id)) a.classList.add("solved");
        if (id === current) a.setAttribute("aria-current", "page");
        row.append(a);
      }
      nav.append(row);
    }
  },
};
if (document.getElementById("learn-board")) learnPage.start();
