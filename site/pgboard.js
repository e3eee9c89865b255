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

window.PgApp = {
  api: null,
  prefs: { coordinates: true, last_move: true, overlays: false, confirm: false },
  fragment: "",
  games: [],
  computer: new Set(),  // seats the computer plays
  thinking: false,
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
      if (this.thinking) return this.say("Wait for the computer's move.");
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
  },

  prefsJson() { return JSON.stringify(this.prefs); },

  load() {
    this.show(this.api.load("main", location.hash.slice(1), this.prefsJson(), "loose"));
  },

  act(what) {
    if (this.thinking) return this.say("Wait for the computer's move.");
    this.show(this.api.act("main", what, this.prefsJson()));
  },

  // Against the computer, take back to the last position where a person is to move.
  undo() {
    if (this.thinking) return this.say("Wait for the computer's move.");
    let json = this.api.act("main", "undo", this.prefsJson());
    let v = JSON.parse(json);
    while (!v.error && v.can_undo && this.computer.has(v.seat_to_move)) {
      json = this.api.act("main", "undo", this.prefsJson());
      v = JSON.parse(json);
    }
    this.show(json);
  },

  // Let the computer move if it plays the seat to move (after a repaint, so the player
  // sees their own move and the thinking notice first).
  maybeThink(v) {
    if (v.over || v.ply !== v.plies || !this.computer.has(v.seat_to_move) || this.thinking) return;
    this.thinking = true;
    this.$("thinking").hidden = false;
    document.body.dataset.thinking = "1";
    this.api.think("main", this.$("level").value, this.prefsJson()).then((json) => {
      this.thinking = false;
      this.$("thinking").hidden = true;
      delete document.body.dataset.thinking;
      this.show(json);
    });
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
    const done = () => this.say("Link copied to the clipboard.");
    const fallback = () => this.say(`Copy this link: ${url}`);
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, fallback); else fallback();
  },

  say(text) { this.$("message").textContent = text; },

  // Show a view (JSON text from Python): board, panel, address bar.
  show(json) {
    const v = JSON.parse(json);
    if (v.error) { this.say(v.error); return; }
    PgBoard.draw(this.$("board"), v.scene);
    this.$("title").textContent = v.title;
    this.$("prompt").textContent = v.prompt;
    this.$("last").textContent = v.last;
    this.$("describe").textContent = v.describe;
    this.$("legend").textContent = v.scene.legend.length ? `Overlay — ${v.scene.legend.join(" · ")}` : "";
    this.say([...v.errors, v.message].filter(Boolean).join(" "));
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
    this.view = v;
    this.maybeThink(v);
    this.fragment = v.fragment;
    if (location.hash.slice(1) !== v.fragment) history.replaceState(null, "", "#" + v.fragment);
    document.body.dataset.ply = v.ply;
  },
};

// Start-up shared by the app and embedded boards: offline support and failure reporting.
window.PgStart = {
  watch(fail) {
    window.addEventListener("error", (e) => fail(e.message || "script error"));
    window.addEventListener("unhandledrejection", (e) => fail((e.reason && e.reason.message) || String(e.reason)));
    // PyScript announces when every Python script has finished; if ours never connected,
    // it failed (its traceback is in the console, not on the page).
    window.addEventListener("py:all-done", () => fail("the Python start-up script stopped with an error"));
    if ("serviceWorker" in navigator && location.protocol !== "file:") {
      navigator.serviceWorker.register("./sw.js").catch(() => { /* offline use is optional */ });
    }
  },
};

// Boards embedded in a documentation page: <figure class="pg-board" data-position="…">.
// Each shows its build-time SVG at once; one Python interpreter then makes them all live.
// Attributes: data-position (share-link syntax), data-marks, data-interactive,
// data-coordinates="0", data-overlays="1", data-width (pixels).
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
  },
};
