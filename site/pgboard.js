// Page script: draws scenes made by pygames.render on a canvas, and shows the panel.
// It knows no rules: every decision comes from Python as JSON (see main.py).
"use strict";

window.PgBoard = {
  // Draw a scene (board units; see pygames/render.py) to fit the canvas's CSS width.
  draw(canvas, scene) {
    const dpr = window.devicePixelRatio || 1;
    const cssW = canvas.clientWidth || canvas.width;
    const cssH = cssW * scene.height / scene.width;
    canvas.style.height = cssH + "px";
    canvas.width = Math.round(cssW * dpr);
    canvas.height = Math.round(cssH * dpr);
    const k = (cssW / scene.width) * dpr;
    const [ox, oy] = scene.origin;
    canvas.pgTransform = { k: k / dpr, ox, oy };
    const X = (x) => (x + ox) * k, Y = (y) => (y + oy) * k;
    const ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const poly = (pts) => { ctx.beginPath(); pts.forEach(([x, y], i) => (i ? ctx.lineTo(X(x), Y(y)) : ctx.moveTo(X(x), Y(y)))); };
    poly(scene.outline); ctx.closePath();
    ctx.fillStyle = "#e3c08d"; ctx.fill();
    ctx.lineWidth = Math.max(1, k * 0.04); ctx.strokeStyle = "#8a6a3a"; ctx.stroke();
    const r = scene.radius * k;
    for (const a of scene.areas) {
      ctx.beginPath(); ctx.arc(X(a.x), Y(a.y), r * 0.9, 0, 2 * Math.PI);
      ctx.globalAlpha = 0.35; ctx.fillStyle = a.fill; ctx.fill(); ctx.globalAlpha = 1;
    }
    ctx.lineWidth = Math.max(1, dpr); ctx.strokeStyle = "#5a4020";
    ctx.beginPath();
    for (const [x1, y1, x2, y2] of scene.lines) { ctx.moveTo(X(x1), Y(y1)); ctx.lineTo(X(x2), Y(y2)); }
    ctx.stroke();
    for (const e of scene.edges) {
      const [x1, y1, x2, y2] = e.line;
      for (const [colour, thick] of [["#333333", 0.2], [e.colour, 0.14]]) {
        ctx.beginPath(); ctx.moveTo(X(x1), Y(y1)); ctx.lineTo(X(x2), Y(y2));
        ctx.lineWidth = k * thick; ctx.strokeStyle = colour; ctx.stroke();
      }
    }
    ctx.fillStyle = "#5a4020";
    for (const [x, y] of scene.stars) { ctx.beginPath(); ctx.arc(X(x), Y(y), Math.max(1.5 * dpr, k * 0.08), 0, 2 * Math.PI); ctx.fill(); }
    ctx.lineWidth = Math.max(1, dpr);
    for (const s of scene.stones) {
      ctx.beginPath(); ctx.arc(X(s.x), Y(s.y), r, 0, 2 * Math.PI);
      ctx.fillStyle = s.fill; ctx.fill(); ctx.strokeStyle = s.stroke; ctx.stroke();
    }
    ctx.lineJoin = "round";
    for (const p of scene.paths) {
      for (const [colour, thick] of [[p.casing, 0.16], [p.colour, 0.08]]) {
        poly(p.points); if (p.closed) ctx.closePath();
        ctx.lineWidth = Math.max(1.5 * dpr, k * thick); ctx.strokeStyle = colour; ctx.stroke();
      }
    }
    for (const m of scene.marks) PgBoard.mark(ctx, m, X(m.x), Y(m.y), r, dpr);
    ctx.fillStyle = "#4a3518"; ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.font = `${Math.max(8 * dpr, k * 0.42)}px sans-serif`;
    for (const l of scene.labels) ctx.fillText(l.text, X(l.x), Y(l.y));
    // What was drawn, for assistive tools and tests (the pixels are the real output).
    Object.assign(canvas.dataset, { stones: scene.stones.length, marks: scene.marks.length,
      labels: scene.labels.length, areas: scene.areas.length, paths: scene.paths.length });
  },

  mark(ctx, m, x, y, r, dpr) {
    const h = r * 0.5;
    ctx.strokeStyle = ctx.fillStyle = m.colour;
    ctx.lineWidth = Math.max(1.5 * dpr, r * 0.14);
    ctx.beginPath();
    if (m.shape === "dot") { ctx.arc(x, y, r * 0.3, 0, 2 * Math.PI); ctx.fill(); return; }
    if (m.shape === "circle") ctx.arc(x, y, h, 0, 2 * Math.PI);
    else if (m.shape === "square") ctx.rect(x - h * 0.8, y - h * 0.8, h * 1.6, h * 1.6);
    else if (m.shape === "triangle") {
      [-Math.PI / 2, Math.PI / 6, 5 * Math.PI / 6].forEach((a, i) =>
        (i ? ctx.lineTo : ctx.moveTo).call(ctx, x + h * Math.cos(a), y + h * Math.sin(a)));
      ctx.closePath();
    } else if (m.shape === "cross") { ctx.moveTo(x - h, y - h); ctx.lineTo(x + h, y + h); ctx.moveTo(x + h, y - h); ctx.lineTo(x - h, y + h); }
    else {
      ctx.font = `bold ${r * 1.1}px sans-serif`; ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.fillText(m.text, x, y); return;
    }
    ctx.stroke();
  },

  // A pointer event's position in board units (for Python's hit-testing).
  toBoard(canvas, event) {
    const t = canvas.pgTransform, box = canvas.getBoundingClientRect();
    return [(event.clientX - box.left) / t.k - t.ox, (event.clientY - box.top) / t.k - t.oy];
  },
};

// The computer player. Questions go to a worker with its own interpreter (ai-worker.js),
// one at a time, so the page never waits on a search; if no worker can run, the same
// question goes to the page's own interpreter (api.ask), which thinks in slices. A worker
// that crashes or does not answer in time is restarted once; after that the page falls
// back and says so (onFallback).
window.PgAi = {
  worker: null, ready: false, fallback: false, restarted: false,
  current: null, queue: [], nextId: 1, api: null, onFallback: null, levels: [],

  // Start the worker in the background (once the page is ready, so that its start-up does
  // not slow the page's).
  start(api, onFallback) {
    if (this.api) return;
    this.api = api; this.onFallback = onFallback;
    this.levels = JSON.parse(api.levels());
    if (!window.Worker) return this.giveUp("this browser cannot run a background worker");
    this.spawn();
  },

  spawn() {
    this.ready = false;
    try {
      this.worker = new Worker("./ai-worker.js", { type: "module" });
    } catch (e) { return this.giveUp(e.message); }
    this.worker.onmessage = (e) => this.receive(e.data);
    this.worker.onerror = (e) => { e.preventDefault(); this.crashed(e.message || "it stopped with an error"); };
  },

  // Ask a question ({purpose, fragment, level, seat}); resolves with the answer object
  // ({move, chances, key, …}, {refused}, {cancelled} or {error}).
  ask(request) {
    return new Promise((resolve) => {
      this.queue.push({ request: { ...request, id: this.nextId++ }, resolve });
      this.pump();
    });
  },

  // Withdraw every question whose purpose is in `purposes` (the game moved on).
  cancel(purposes) {
    for (const job of this.queue.filter((j) => purposes.includes(j.request.purpose))) job.resolve({ cancelled: true });
    this.queue = this.queue.filter((j) => !purposes.includes(j.request.purpose));
    const job = this.current;
    if (job && purposes.includes(job.request.purpose) && !job.cancelling) {
      job.cancelling = true;
      if (this.fallback) job.resolve({ cancelled: true }); else this.worker.postMessage({ cancel: job.request.id });
    }
  },

  pump() {
    if (this.current || !this.queue.length || !(this.ready || this.fallback)) return;
    const job = this.current = this.queue.shift();
    if (this.fallback) {
      this.api.ask(JSON.stringify(job.request)).then((json) => this.finish(job, JSON.parse(json)));
      return;
    }
    const level = this.levels.find((l) => l.name === job.request.level);
    job.timer = setTimeout(() => this.crashed("it did not answer in time"), ((level ? level.seconds : 10) + 30) * 1000);
    this.worker.postMessage(job.request);
  },

  receive(data) {
    if (data.ready) { this.ready = true; document.body.dataset.aiReady = "1"; this.pump(); return; }
    if (data.failed) return this.crashed(data.failed);
    if (this.current && data.id === this.current.request.id) this.finish(this.current, data);
  },

  finish(job, answer) {
    clearTimeout(job.timer);
    if (this.current === job) this.current = null;
    job.resolve(job.cancelling ? { cancelled: true } : answer);
    this.pump();
  },

  crashed(reason) {
    if (this.worker) this.worker.terminate();
    if (this.current) { clearTimeout(this.current.timer); this.queue.unshift(this.current); this.current = null; }
    if (this.restarted) return this.giveUp(reason);
    this.restarted = true;
    this.spawn();
  },

  giveUp(reason) {
    this.worker = null; this.fallback = true;
    document.body.dataset.aiFallback = "1";
    if (this.onFallback) this.onFallback(reason);
    this.pump();
  },

  // The thinking notice: shown while the computer works on a move, with a running clock
  // (a CSS animation and a timer, both of which keep going because the page stays free).
  notice: {
    timer: null,
    show(box, clock) {
      const t0 = performance.now();
      box.hidden = false;
      clock.textContent = "0.0 s";
      this.timer = setInterval(() => { clock.textContent = `${((performance.now() - t0) / 1000).toFixed(1)} s`; }, 100);
    },
    hide(box) { clearInterval(this.timer); box.hidden = true; },
  },
};

window.PgApp = {
  api: null,
  prefs: { coordinates: true, last_move: true, overlays: false, confirm: false, evaluation: false },
  fragment: "",
  games: [],
  computer: new Set(),  // seats the computer plays
  thinking: false,
  evaluated: "",  // the position the evaluation bar shows
  chances: null,  // the computer's view of the position after its move, for the bar
  view: null,

  $(id) { return document.getElementById(id); },

  // Before Python runs: the linked game's start position at once, controls disabled,
  // and any start-up failure turned into a message.
  boot() {
    window.pgConnect = (api) => this.connect(api);
    try { Object.assign(this.prefs, JSON.parse(localStorage.getItem("pygames.prefs") || "{}")); } catch (e) { /* keep defaults */ }
    // Every form is handled by script: none may ever navigate (and restart the engine).
    document.addEventListener("submit", (e) => e.preventDefault());
    this.startPosition();
    const fail = (why) => {
      if (this.api) return;
      this.$("loading").textContent = `The game engine could not start (${why}). Reload the page to try again.`;
      this.$("loading").classList.add("failed");
      document.body.dataset.failed = "1";
    };
    PgStart.watch(fail);
  },

  // Show the build-time drawing of the linked game's start position (pygames.render's
  // SVG, the same picture the canvas will draw) over the still blank canvas, which takes
  // the drawing's proportions so that the live board replaces it without moving. A link
  // to a later position dims it: the real position arrives with Python.
  startPosition() {
    const params = new URLSearchParams(location.hash.slice(1));
    const start = document.querySelector(`template[data-game="${CSS.escape(params.get("g") || "loose")}"]`) ||
      document.querySelector("template[data-game]");
    if (!start) return;
    const picture = document.createElement("div");
    picture.className = "pg-start";
    picture.setAttribute("aria-hidden", "true");
    picture.append(start.content.cloneNode(true));
    const svg = picture.querySelector("svg"), canvas = this.$("board");
    [canvas.width, canvas.height] = [svg.getAttribute("width"), svg.getAttribute("height")];
    const later = [...params.keys()].some((k) => k !== "v" && k !== "g");
    picture.classList.toggle("later", later);
    this.$("eval").hidden = !this.prefs.evaluation;  // its place is kept from the start
    this.$("title").textContent = start.dataset.title;
    if (!later) {
      this.$("describe").textContent = start.dataset.describe;
      this.$("prompt").textContent = start.dataset.prompt;
    }
    canvas.after(picture);
    requestAnimationFrame(() => { window.pgBoardAt = performance.now(); });
  },

  // Called by main.py once Python and pygames are loaded.
  connect(api) {
    this.api = api;
    this.games = JSON.parse(api.games());
    const nav = this.$("games"), select = this.$("game-select");
    for (const g of this.games) {
      const a = document.createElement("a");
      a.href = `#v=1&g=${g.name}`; a.textContent = g.title; a.dataset.game = g.name;
      nav.append(a);
      select.append(new Option(g.title, g.name));
    }
    select.addEventListener("change", () => this.optionFields(select.value));
    this.$("new-game").addEventListener("submit", (e) => { e.preventDefault(); this.newGame(); });
    const canvas = this.$("board");
    canvas.addEventListener("click", (e) => {
      if (this.thinking) return this.say("Wait for the computer's move.", "info");
      const [x, y] = PgBoard.toBoard(canvas, e);
      this.show(api.click("main", x, y, this.prefsJson()));
    });
    // Name the point under the pointer: reading labels off a hex board is otherwise hard.
    canvas.addEventListener("mousemove", (e) => {
      const [x, y] = PgBoard.toBoard(canvas, e);
      const near = this.view && this.view.scene.points.find(([px, py]) => (px - x) ** 2 + (py - y) ** 2 < 0.23);
      this.$("hover").textContent = near ? `Point ${near[2]}` : "";
    });
    canvas.addEventListener("mouseleave", () => { this.$("hover").textContent = ""; });
    canvas.addEventListener("keydown", (e) => {
      const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
      if (keys[e.key]) { e.preventDefault(); this.act(keys[e.key]); }
    });
    document.querySelectorAll("[data-nav]").forEach((b) => b.addEventListener("click", () => this.act(b.dataset.nav)));
    this.$("undo").addEventListener("click", () => this.undo());
    this.$("redo").addEventListener("click", () => this.act("redo"));
    this.$("confirm").addEventListener("click", () => this.act("confirm"));
    this.$("copy-link").addEventListener("click", () => this.copyLink());
    this.$("hint").addEventListener("click", () => this.hint());
    const level = this.$("level");
    level.replaceChildren(...JSON.parse(api.levels()).map((l) => new Option(`${l.name[0].toUpperCase()}${l.name.slice(1)}: ${l.about}`, l.name)));
    level.value = localStorage.getItem("pygames.level") || "medium";
    level.addEventListener("change", () => localStorage.setItem("pygames.level", level.value));
    this.$("type-move").addEventListener("submit", (e) => {
      e.preventDefault();
      const input = e.target.elements.move;
      this.show(api.typed("main", input.value, this.prefsJson()));
      if (!this.$("message").textContent) input.value = "";
    });
    document.querySelectorAll("[data-pref]").forEach((box) => {
      box.checked = !!this.prefs[box.dataset.pref];
      box.addEventListener("change", () => {
        this.prefs[box.dataset.pref] = box.checked;
        localStorage.setItem("pygames.prefs", JSON.stringify(this.prefs));
        this.show(api.redraw("main", this.prefsJson()));
      });
    });
    window.addEventListener("hashchange", () => { if (location.hash.slice(1) !== this.fragment) this.load(); });
    window.addEventListener("resize", () => this.show(api.redraw("main", this.prefsJson())));
    this.load();
    this.$("loading").hidden = true;
    this.$("board-box").querySelector(".pg-start")?.remove();
    this.$("controls").disabled = false;
    document.body.dataset.ready = "1";
    window.pgReadyAt = performance.now();
    window.pgReady = true;
    // The computer's worker loads the same runtime: after the offline cache has it, so that
    // it is served from there rather than asked of the server a second time.
    PgStart.offline().then(() => PgAi.start(api, (why) => {
      this.$("ai-note").hidden = false;
      this.$("ai-note").textContent = `The computer is thinking on this page itself because its background helper failed (${why}), so the page may be slow while it thinks.`;
    }));
  },

  prefsJson() { return JSON.stringify(this.prefs); },

  load() {
    this.show(this.api.load("main", location.hash.slice(1), this.prefsJson(), "loose"));
  },

  // History buttons work while the computer thinks; moves wait for it.
  act(what) {
    if (this.thinking && !["first", "prev", "next", "last"].includes(what)) return this.say("Wait for the computer's move.", "info");
    this.show(this.api.act("main", what, this.prefsJson()));
  },

  // Against the computer, take back to the last position where a person is to move (a
  // move it is thinking about is abandoned).
  undo() {
    PgAi.cancel(["move"]);
    let json = this.api.act("main", "undo", this.prefsJson());
    let v = JSON.parse(json);
    while (!v.error && v.can_undo && this.computer.has(v.seat_to_move)) {
      json = this.api.act("main", "undo", this.prefsJson());
      v = JSON.parse(json);
    }
    this.show(json);
  },

  // Let the computer move if it plays the seat to move. Its answer is played at the end of
  // the game it was asked about, even if the player is looking back through the history.
  maybeThink(v) {
    if (v.over || v.ply !== v.plies || !this.computer.has(v.seat_to_move) || this.thinking) return;
    this.thinking = true;
    PgAi.notice.show(this.$("thinking"), this.$("think-clock"));
    document.body.dataset.thinking = "1";
    PgAi.cancel(["hint", "evaluate"]);
    PgAi.ask({ purpose: "move", fragment: v.fragment, level: this.$("level").value, seat: v.seat_to_move }).then((answer) => {
      this.thinking = false;
      PgAi.notice.hide(this.$("thinking"));
      delete document.body.dataset.thinking;
      if (answer.move && this.view && answer.key === this.view.key) {
        this.chances = answer.chances;
        this.show(this.api.computer("main", answer.move, answer.key, this.prefsJson()));
      } else if (answer.refused || answer.error) {
        this.say(`The computer could not move: ${answer.refused || answer.error}`);
      } else if (this.view) {
        this.maybeThink(this.view);  // the game changed meanwhile: think about it afresh
      }
    });
  },

  hint() {
    if (this.thinking) return this.say("Wait for the computer's move.", "info");
    const v = this.view;
    if (!v || v.over) return this.say("The game is over.", "info");
    this.say("Looking for a hint…", "info");
    PgAi.cancel(["hint", "evaluate"]);
    PgAi.ask({ purpose: "hint", fragment: v.fragment, level: this.$("level").value }).then((answer) => {
      if (answer.cancelled) return;
      if (!answer.move) return this.say(`No hint: ${answer.refused || answer.error}`);
      if (answer.chances) this.showChances(answer.chances, v.key + v.ply);
      this.show(this.api.hint("main", answer.move, v.fragment, this.prefsJson()), "info");
    });
  },

  // The evaluation bar: each colour's chance of winning, as the computer sees it (after its
  // own move, what its search found).
  evaluate(v) {
    const where = v.key + v.ply;
    if (this.chances) { this.showChances(this.chances, where); this.chances = null; }
    if (!this.prefs.evaluation || v.over || this.thinking || this.evaluated === where) return;
    this.evaluated = where;
    PgAi.cancel(["evaluate"]);
    PgAi.ask({ purpose: "evaluate", fragment: v.fragment, level: "medium" }).then((answer) => {
      if (answer.chances && this.view && this.view.key + this.view.ply === where) this.showChances(answer.chances, where);
    });
  },

  showChances(chances, where) {
    const bar = this.$("eval");
    bar.hidden = !this.prefs.evaluation;
    this.evaluated = where;
    bar.replaceChildren(...Object.entries(chances).map(([colour, p]) => {
      const part = document.createElement("span");
      part.dataset.colour = colour; part.style.flexGrow = Math.max(p, 0.001);
      part.textContent = p >= 0.12 ? `${Math.round(p * 100)}%` : "";
      return part;
    }));
    bar.title = bar.ariaLabel = Object.entries(chances).map(([c, p]) => `${c} ${Math.round(p * 100)}%`).join(", ");
  },

  computerSeats(seats) {
    const box = this.$("computer-seats");
    if (box.children.length === seats.length) return;
    this.computer.clear();
    box.replaceChildren(...seats.map(([seat], i) => {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "checkbox"; input.dataset.seat = i;
      input.addEventListener("change", () => {
        if (input.checked) this.computer.add(i); else this.computer.delete(i);
        if (this.view) this.maybeThink(this.view);
      });
      label.append(input, ` ${seat}`);
      return label;
    }));
  },

  newGame() {
    PgAi.cancel(["move", "hint", "evaluate"]);
    const name = this.$("game-select").value, options = {};
    this.$("option-fields").querySelectorAll("[name]").forEach((el) => {
      options[el.name] = el.type === "checkbox" ? el.checked : el.value;
    });
    this.show(this.api.newGame("main", name, JSON.stringify(options), this.prefsJson()));
  },

  optionFields(name, values) {
    const box = this.$("option-fields");
    box.replaceChildren();
    const game = this.games.find((g) => g.name === name);
    for (const o of game ? game.options : []) {
      const label = document.createElement("label");
      label.title = o.help;
      let input;
      if (o.kind === "bool") {
        input = document.createElement("input"); input.type = "checkbox";
        input.checked = values && o.name in values ? !!values[o.name] : o.default;
      } else if (o.choices.length) {
        input = document.createElement("select");
        for (const c of o.choices) input.append(new Option(String(c), String(c)));
        input.value = String(values && o.name in values ? values[o.name] : o.default);
      } else {
        input = document.createElement("input"); input.type = "number";
        if (o.min !== null) input.min = o.min;
        if (o.max !== null) input.max = o.max;
        input.value = values && o.name in values ? values[o.name] : o.default;
        if (o.suggested.length) {
          const list = document.createElement("datalist");
          list.id = `suggest-${o.name}`;
          for (const v of o.suggested) list.append(new Option(String(v)));
          input.setAttribute("list", list.id);
          label.append(list);
        }
      }
      input.name = o.name;
      label.append(o.label + " ", input);
      box.append(label);
    }
  },

  copyLink() {
    const url = location.href;
    const done = () => this.say("Link copied to the clipboard.", "info");
    const fallback = () => this.say(`Copy this link: ${url}`, "info");
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, fallback); else fallback();
  },

  // A message under the board: "info" for news (a copied link, a hint), else a problem.
  say(text, kind = "problem") {
    const box = this.$("message");
    box.textContent = text;
    box.dataset.kind = kind;
  },

  // Show a view (JSON text from Python): board, panel, address bar.
  show(json, kind) {
    const v = JSON.parse(json);
    if (v.error) { this.say(v.error); return; }
    PgBoard.draw(this.$("board"), v.scene);
    this.$("title").textContent = v.title;
    this.$("prompt").textContent = v.prompt;
    this.$("last").textContent = v.last;
    this.$("describe").textContent = v.describe;
    this.$("legend").textContent = v.scene.legend.length ? `Overlay — ${v.scene.legend.join(" · ")}` : "";
    this.say([...v.errors, v.message].filter(Boolean).join(" "), kind);
    document.body.dataset.game = v.game;
    this.$("rules-link").href = `./rules-${v.game === "convacu" ? "vacu" : v.game}.html`;
    this.$("games").querySelectorAll("a").forEach((a) => a.classList.toggle("current", a.dataset.game === v.game));
    const select = this.$("game-select");
    if (select.value !== v.game || !this.$("option-fields").children.length) {
      select.value = v.game; this.optionFields(v.game, v.options);
    }
    const actions = this.$("actions");
    actions.replaceChildren(...v.actions.map(([token, label, final]) => {
      const b = document.createElement("button");
      b.textContent = final ? `${label} (ends the game)` : label; b.dataset.move = token;
      if (final) b.classList.add("final");
      b.addEventListener("click", () => this.act(token));
      return b;
    }));
    this.$("confirm").hidden = !v.pending;
    this.$("confirm").textContent = v.pending_text;
    this.$("seats").replaceChildren(...v.seats.map(([seat, colour], i) => {
      const li = document.createElement("li");
      li.textContent = `${seat}: ${colour}`;
      li.dataset.colour = colour;
      if (i === v.seat_to_move) li.className = "turn";
      return li;
    }));
    const table = this.$("score");
    const head = `<tr><th></th>${v.colours.map((c, i) => `<th class="${v.to_move === c ? "turn" : ""}">${c}</th>`).join("")}</tr>`;
    const rows = v.breakdown.map(([label, vals]) => `<tr><td>${label}</td>${vals.map((x) => `<td>${x}</td>`).join("")}</tr>`);
    const total = `<tr class="total"><td>total</td>${v.scores.map((x) => `<td>${x}</td>`).join("")}</tr>`;
    table.innerHTML = head + rows.join("") + (v.breakdown.length > 1 ? total : "");
    this.$("ply").textContent = `${v.ply} / ${v.plies}`;
    this.$("undo").disabled = !v.can_undo;
    this.$("redo").disabled = !v.can_redo;
    const moves = this.$("moves");
    moves.replaceChildren(...v.moves.map((m, i) => {
      const li = document.createElement("li"); li.textContent = m;
      if (i === v.ply - 1) li.className = "current";
      return li;
    }));
    this.computerSeats(v.seats);
    if (this.view && this.view.key !== v.key) PgAi.cancel(["hint"]);
    this.view = v;
    this.$("eval").hidden = !this.prefs.evaluation;
    this.maybeThink(v);
    this.evaluate(v);
    this.fragment = v.fragment;
    if (location.hash.slice(1) !== v.fragment) history.replaceState(null, "", "#" + v.fragment);
    document.body.dataset.ply = v.ply;
  },
};

// Start-up shared by the app and embedded boards: offline support and failure reporting.
window.PgStart = {
  // Report any start-up failure. PyScript runs main.py, which hands its functions to
  // window.pgConnect; if that never happens, the page says why instead of waiting.
  watch(fail) {
    window.addEventListener("error", (e) => fail(e.message || "script error"));
    window.addEventListener("unhandledrejection", (e) => fail((e.reason && e.reason.message) || String(e.reason)));
    // PyScript announces when every Python script has finished; if ours never connected,
    // it failed (its traceback is in the console, not on the page).
    window.addEventListener("py:all-done", () => fail("the Python start-up script stopped with an error"));
  },

  // Offline support, set up at idle once the board is ready so that it takes nothing from
  // the start: the service worker (sw.js) then caches every file of the site, reading what
  // the page already loaded from the browser's cache. Resolves once the page is served from
  // the offline cache, or at once without one (never rejects: offline use is optional).
  offline() {
    this.cached ||= new Promise((resolve) => {
      const sw = navigator.serviceWorker;
      if (!sw || location.protocol === "file:") return resolve(false);
      const controlled = () => sw.controller || new Promise((r) => sw.addEventListener("controllerchange", r, { once: true }));
      const done = (ok) => { if (ok) document.documentElement.dataset.offline = "ready"; resolve(ok); };
      const idle = window.requestIdleCallback ? (f) => requestIdleCallback(f, { timeout: 1000 }) : (f) => setTimeout(f);
      idle(() => sw.register("./sw.js").then((registration) => new Promise((installed, failed) => {
        const installing = registration.installing;
        if (installing) installing.addEventListener("statechange", () => installing.state === "redundant" && failed());
        sw.ready.then(controlled).then(installed);
      })).then(() => done(true), () => done(false)));
    });
    return this.cached;
  },
};

// Boards embedded in a documentation page: <figure class="pg-board" data-position="…">.
// Each shows its build-time SVG at once; one Python interpreter then makes them all live.
// Attributes: data-position (share-link syntax), data-marks, data-interactive,
// data-coordinates="0", data-overlays="1", data-width (pixels), data-computer (the seats
// the computer plays, e.g. "2" or "2,4"; it thinks in the shared worker) and data-level.
window.PgEmbed = {
  api: null,

  boot() {
    window.pgConnect = (api) => this.connect(api);
    const figures = document.querySelectorAll("figure.pg-board");
    figures.forEach((fig, i) => {
      if (!fig.id) fig.id = `pg-board-${i + 1}`;
      if (fig.dataset.position === "#") this.fromHash(fig);
      const canvas = document.createElement("canvas");
      canvas.hidden = true; canvas.tabIndex = 0;
      canvas.setAttribute("aria-label", fig.querySelector("figcaption")?.textContent || "Game board");
      if (fig.dataset.width) canvas.style.width = fig.dataset.width + "px";
      const status = document.createElement("div");
      status.className = "pg-status"; status.setAttribute("aria-live", "polite");
      fig.prepend(canvas);
      canvas.after(status);
      if (fig.dataset.interactive !== undefined) {
        const bar = document.createElement("div");
        bar.className = "pg-controls";
        for (const [what, label] of [["first", "|◀"], ["prev", "◀"], ["next", "▶"], ["last", "▶|"], ["reset", "Reset"]]) {
          const b = document.createElement("button");
          b.textContent = label; b.dataset.nav = what; b.type = "button"; b.disabled = true;
          b.addEventListener("click", () => (what === "reset" ? this.load(fig) : this.show(fig, this.api.act(fig.id, what, this.prefs(fig)))));
          bar.append(b);
        }
        status.after(bar);
        canvas.addEventListener("click", (e) => {
          if (!this.api) return;
          if (fig.dataset.thinking) { fig.querySelector(".pg-status").textContent = "Wait for the computer's move."; return; }
          const [x, y] = PgBoard.toBoard(canvas, e);
          this.show(fig, this.api.click(fig.id, x, y, this.prefs(fig)));
        });
      }
    });
    const fail = () => this.api || figures.forEach((fig) => { fig.dataset.failed = "1"; });
    PgStart.watch(fail);
    requestAnimationFrame(() => { window.pgBoardAt = performance.now(); });
  },

  // The iframe route: the page's own fragment is the position, plus view=1 / coords=0.
  fromHash(fig) {
    const params = new URLSearchParams(location.hash.slice(1));
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
    this.show(fig, this.api.load(fig.id, fig.dataset.position + marks, this.prefs(fig), "loose"));
  },

  connect(api) {
    this.api = api;
    PgStart.offline().then(() => document.querySelector("figure.pg-board[data-computer]") && PgAi.start(api, null));
    document.querySelectorAll("figure.pg-board").forEach((fig) => {
      const canvas = fig.querySelector("canvas");
      canvas.hidden = false;
      const still = fig.querySelector(".pg-static");
      if (still) still.hidden = true;
      this.load(fig);
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
    PgBoard.draw(fig.querySelector("canvas"), v.scene);
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
    fig.querySelector(".pg-status").textContent = "The computer is thinking…";
    PgAi.ask({ purpose: "move", fragment: v.fragment, level: fig.dataset.level || "easy", seat: v.seat_to_move })
      .then((answer) => {
        delete fig.dataset.thinking;
        if (answer.move) this.show(fig, this.api.computer(fig.id, answer.move, answer.key, this.prefs(fig)));
        else if (answer.refused || answer.error) fig.querySelector(".pg-status").textContent = answer.refused || answer.error;
      });
  },
};
