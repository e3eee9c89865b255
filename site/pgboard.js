// Page script: draws scenes made by pygames.render on a canvas, and shows the panel.
// It knows no rules: every decision comes from Python as JSON (see main.py).
"use strict";

// The page's language. Python words its own messages (pygames.i18n); the page's own texts
// come from a small JSON catalog per language (i18n/<lang>.json, made by build.py from the
// same gettext catalogs), fetched only for the language shown. Marked elements (data-i18n,
// data-i18n-attr) keep their English text as the message id. The language is, first, a
// lang=ko / lang=en in the link (for that visit), then the player's choice (remembered),
// then the browser's.
window.PgI18n = {
  LANGUAGES: ["en", "ko"],
  lang: "en",
  messages: {},
  starts: {},  // each game's title, rules line and prompt in this language, before Python is ready
  catalog: undefined,  // the compiled catalog for Python's messages (bytes), for api.language
  ready: Promise.resolve(),

  // Choose the language and fetch its catalog at once (called from the page's head, so the
  // download runs alongside the rest of the start). The page's texts stay hidden meanwhile.
  start(fixed) {
    const link = new URLSearchParams(location.search).get("lang") || new URLSearchParams(location.hash.slice(1)).get("lang");
    let saved = null;
    try { saved = localStorage.getItem("pygames.lang"); } catch (e) { /* no storage */ }
    const browser = (navigator.languages || [navigator.language || "en"]).map((l) => l.slice(0, 2).toLowerCase())
      .find((l) => this.LANGUAGES.includes(l));
    const lang = [fixed, link, saved, browser].find((l) => this.LANGUAGES.includes(l)) || "en";
    return this.use(lang);
  },

  // Switch to `lang`: resolves once its catalog is here.
  use(lang) {
    const root = document.documentElement;
    if (lang === "en") {
      this.lang = lang; this.messages = {}; this.starts = {}; this.catalog = undefined;
      root.lang = lang;
      this.ready = Promise.resolve();
      return this.ready;
    }
    root.dataset.i18nPending = "1";
    const get = (file, read) => fetch(`./i18n/${file}`).then((r) => (r.ok ? r[read]() : Promise.reject(new Error(r.statusText))));
    this.ready = Promise.all([get(`${lang}.json`, "json"), get(`${lang}.mo`, "arrayBuffer")])
      .then(([page, python]) => {
        Object.assign(this, { lang, messages: page.messages, starts: page.starts, catalog: new Uint8Array(python) });
        root.lang = lang;
      }, () => { /* no catalog: the page stays in English */ })
      .finally(() => { delete root.dataset.i18nPending; });
    return this.ready;
  },

  // A page text in the language shown, with {name} fields filled from `params`.
  t(text, params = {}) {
    return (this.messages[text] || text).replace(/\{(\w+)\}/g, (m, name) => (name in params ? params[name] : m));
  },

  // Put the marked texts of `root` in the language shown (their English is kept aside).
  apply(root = document) {
    for (const el of root.querySelectorAll("[data-i18n]")) {
      if (el.dataset.en === undefined) el.dataset.en = el.textContent.trim().replace(/\s+/g, " ");
      el.textContent = this.t(el.dataset.en);
    }
    for (const el of root.querySelectorAll("[data-i18n-attr]")) {
      for (const name of el.dataset.i18nAttr.split(" ")) {
        const key = `en${name.replace(/(^|-)(\w)/g, (m, d, c) => c.toUpperCase())}`;
        if (el.dataset[key] === undefined) el.dataset[key] = el.getAttribute(name) || "";
        if (el.dataset[key]) el.setAttribute(name, this.t(el.dataset[key]));
      }
    }
  },
};
const t = (text, params) => PgI18n.t(text, params);

window.PgBoard = {
  geometries: {},  // board geometry by key (pygames.render.geometry), fetched once per board
  colours: null,  // the theme's colours, read from CSS custom properties
  themeGen: 0,  // counts theme changes, so that cached drawings are redone
  stoneSprites: {},
  reducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)"),
  animate: true,  // the player's animation preference (on unless turned off)
  // Stone shading: a highlight towards the top left, darkening towards the far edge.
  SHADES: { Black: ["#5c5c5c", "#262626", "#0a0a0a"], White: ["#ffffff", "#f4f4ee", "#d6d6ce"],
    Orange: ["#ffd27a", "#e69f00", "#9a6a00"], Blue: ["#5cb3ea", "#0072b2", "#00456e"] },
  DARK: ["Black", "Blue"],
  LABEL_PX: [11, 15],

  geometry(api, key) {
    if (!this.geometries[key]) this.geometries[key] = JSON.parse(api.geometry(key));
    return this.geometries[key];
  },

  // The palette of the theme in force: each custom property resolved to a colour.
  palette() {
    if (this.colours) return this.colours;
    const probe = document.createElement("i");
    probe.hidden = true;
    // inside a board: on another site's page only the boards carry the palette (embed.css)
    (document.querySelector("figure.pg-board") || document.body).append(probe);
    const names = ["board-1", "board-2", "board-grain", "board-line", "board-edge", "label", "focus", "accent", "highlight"];
    this.colours = Object.fromEntries(names.map((n) => {
      probe.style.color = `var(--${n})`;
      return [n, getComputedStyle(probe).color];
    }));
    probe.remove();
    this.stoneSprites = {};
    return this.colours;
  },

  // How the board fits the canvas (as pygames.render.layout): labels beyond the stones'
  // reach, legible at any size.
  layout(geom, width, coordinates, edges) {
    const reach = edges ? 0.62 + 0.09 : geom.radius + 0.12;  // the wood's edge (render.WOOD_MARGIN)
    const guess = width / (geom.width + 2 * reach + 2);
    const font = Math.min(Math.max(0.36 * guess, this.LABEL_PX[0]), this.LABEL_PX[1]);
    const pad = coordinates ? 5 + 1.3 * font : 3;
    const k = (width - 2 * pad) / (geom.width + 2 * reach);
    const o = reach + pad / k;
    return { k, ox: o, oy: o, height: (geom.height + 2 * reach) * k + 2 * pad, font, reach };
  },

  // Draw a position (pygames.render.position) on its board's geometry, at the canvas's CSS
  // width. With `animate`, stones placed, flipped or removed since the last drawing move
  // (briefly, on requestAnimationFrame), unless motion is reduced or turned off.
  draw(canvas, scene, geom, extra = {}, animate = false) {
    const dpr = window.devicePixelRatio || 1;
    const cssW = canvas.clientWidth || canvas.width;
    const box = this.layout(geom, cssW, scene.coordinates, scene.edges.length > 0);
    if (canvas.style.height !== `${box.height}px`) canvas.style.height = `${box.height}px`;
    const w = Math.round(cssW * dpr), h = Math.round(box.height * dpr);
    if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
    canvas.pgTransform = { k: box.k, ox: box.ox, oy: box.oy };
    // Stones move only on the board they were on: after a switch to another board (a link
    // followed mid-animation) the old points may not exist.
    const prev = canvas.pgFrame && canvas.pgFrame.geom === geom ? canvas.pgStones : null;
    const stones = new Map(scene.stones.map(([p, name]) => [p, name]));
    canvas.pgStones = stones;
    canvas.pgFrame = { scene, geom, extra, box, dpr };
    cancelAnimationFrame(canvas.pgAnim || 0);
    const changes = animate && prev && this.animate && !this.reducedMotion.matches ? this.changes(prev, stones) : [];
    if (changes.length) {
      canvas.dataset.animations = Number(canvas.dataset.animations || 0) + 1;
      document.body.dataset.animating = "1";
      const t0 = performance.now();
      const frame = (now) => {
        const t = (now - t0) / 260;
        this.paint(canvas, t < 1 ? changes.map((c) => ({ ...c, t: Math.max(0, t) })) : []);
        if (t < 1) canvas.pgAnim = requestAnimationFrame(frame); else delete document.body.dataset.animating;
      };
      canvas.pgAnim = requestAnimationFrame(frame);
      this.paint(canvas, changes.map((c) => ({ ...c, t: 0 })));
    } else {
      delete document.body.dataset.animating;
      this.paint(canvas, []);
    }
    const marks = scene.marks.length + (scene.last !== null && scene.last !== undefined ? 1 : 0);
    // What was drawn, for assistive tools and tests (the pixels are the real output).
    Object.assign(canvas.dataset, { stones: scene.stones.length, marks, labels: scene.coordinates ? geom.labels.length : 0,
      labelPx: box.font.toFixed(1),
      areas: scene.areas.length, paths: scene.paths.length });
  },

  changes(prev, stones) {
    const out = [];
    for (const [p, name] of stones) {
      if (!prev.has(p)) out.push({ p, kind: "place", to: name });
      else if (prev.get(p) !== name) out.push({ p, kind: "flip", from: prev.get(p), to: name });
    }
    for (const [p, name] of prev) if (!stones.has(p)) out.push({ p, kind: "remove", from: name });
    return out.length > 40 ? [] : out;  // a jump, not a move
  },

  // One frame: the cached board, then everything on it; `moving` are the stones in motion.
  paint(canvas, moving) {
    const { scene, geom, extra, box, dpr } = canvas.pgFrame;
    const ctx = canvas.getContext("2d");
    const k = box.k * dpr;
    const X = (x) => (x + box.ox) * k, Y = (y) => (y + box.oy) * k;
    const pt = (p) => geom.points[p];
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(this.boardLayer(canvas, scene, geom, box, dpr), 0, 0);
    const r = geom.radius * k;
    for (const a of scene.areas) {
      ctx.beginPath(); ctx.arc(X(pt(a.p)[0]), Y(pt(a.p)[1]), r * 0.9, 0, 2 * Math.PI);
      ctx.globalAlpha = 0.38; ctx.fillStyle = a.fill; ctx.fill(); ctx.globalAlpha = 1;
    }
    const busy = new Map(moving.map((m) => [m.p, m]));
    for (const [p, name] of scene.stones) if (!busy.has(p)) this.stone(ctx, name, X(pt(p)[0]), Y(pt(p)[1]), r);
    for (const m of moving) this.moving(ctx, m, X(pt(m.p)[0]), Y(pt(m.p)[1]), r);
    for (const [p, alpha] of [[extra.ghost, 0.55], [extra.hover, 0.3]]) {
      if (p === null || p === undefined || canvas.pgStones.has(p) || !extra.ghostColour || (alpha < 0.5 && p === extra.ghost)) continue;
      ctx.globalAlpha = alpha; this.stone(ctx, extra.ghostColour, X(pt(p)[0]), Y(pt(p)[1]), r); ctx.globalAlpha = 1;
    }
    ctx.lineJoin = ctx.lineCap = "round";
    const line = (points, closed) => {
      ctx.beginPath();
      points.forEach((p, i) => (i ? ctx.lineTo(X(pt(p)[0]), Y(pt(p)[1])) : ctx.moveTo(X(pt(p)[0]), Y(pt(p)[1]))));
      if (closed) ctx.closePath();
    };
    const c = this.palette();
    for (const p of scene.paths) {
      const layers = p.highlight ? [[c.highlight, 0.5], [p.casing, 0.2], [p.colour, 0.11]] : [[p.casing, 0.16], [p.colour, 0.08]];
      for (const [colour, thick] of layers) {
        line(p.points, p.closed);
        ctx.lineWidth = Math.max(1.5 * dpr, k * thick); ctx.strokeStyle = colour;
        if (p.highlight && colour === c.highlight) { ctx.globalAlpha = 0.8; ctx.stroke(); ctx.globalAlpha = 1; } else ctx.stroke();
      }
    }
    if (scene.last !== null && scene.last !== undefined && !busy.has(scene.last)) {
      const on = canvas.pgStones.get(scene.last);
      ctx.beginPath(); ctx.arc(X(pt(scene.last)[0]), Y(pt(scene.last)[1]), r * 0.3, 0, 2 * Math.PI);
      ctx.fillStyle = this.DARK.includes(on) ? "#ffffff" : c.accent; ctx.fill();
    }
    // the hint's expected line, numbered, over the hint's own mark
    const expected = (extra.line || []).map((m, i) => ({ ...m, n: i + 1 })).filter((m) => m.point !== null);
    const inLine = new Set(expected.map((m) => m.point));
    for (const m of scene.marks) if (!inLine.has(m.p)) this.mark(ctx, m, X(pt(m.p)[0]), Y(pt(m.p)[1]), r, dpr);
    for (const m of expected) this.lineStone(ctx, m, X(pt(m.point)[0]), Y(pt(m.point)[1]), r);
    canvas.dataset.line = expected.map((m) => m.n).join(" ");
    canvas.dataset.cursor = extra.cursor ?? "";
    if (extra.cursor !== null && extra.cursor !== undefined) {
      const [x, y] = pt(extra.cursor), s = r * 1.1;
      ctx.lineWidth = Math.max(2 * dpr, r * 0.12); ctx.strokeStyle = c.focus;
      ctx.strokeRect(X(x) - s, Y(y) - s, 2 * s, 2 * s);
    }
  },

  // A stone in motion at time t (0..1): placed (grows in), flipped (turns over), removed
  // (fades out).
  moving(ctx, m, x, y, r) {
    const t = m.t, ease = 1 - (1 - Math.min(t * 1.6, 1)) ** 3;
    ctx.save();
    if (m.kind === "place") {
      ctx.globalAlpha = Math.min(1, t * 2.5);
      this.stone(ctx, m.to, x, y, r * (0.7 + 0.3 * ease));
    } else if (m.kind === "flip") {
      ctx.translate(x, y); ctx.scale(Math.max(0.02, Math.abs(1 - 2 * t)), 1);
      this.stone(ctx, t < 0.5 ? m.from : m.to, 0, 0, r);
    } else {
      ctx.globalAlpha = Math.max(0, 1 - t);
      this.stone(ctx, m.from, x, y, r * (1 - 0.25 * t));
    }
    ctx.restore();
  },

  // A shaded stone with a soft shadow, from a sprite made once per colour and size.
  stone(ctx, name, x, y, r) {
    const key = `${name}:${Math.round(r * 4)}`;
    let sprite = this.stoneSprites[key];
    if (!sprite) {
      const size = Math.ceil(r * 2.5) + 4, c = size / 2;
      sprite = this.stoneSprites[key] = document.createElement("canvas");
      sprite.width = sprite.height = size;
      const g = sprite.getContext("2d");
      g.shadowColor = "rgba(0, 0, 0, 0.35)"; g.shadowBlur = r * 0.18; g.shadowOffsetX = r * 0.06; g.shadowOffsetY = r * 0.1;
      const [hi, mid, lo] = this.SHADES[name] || ["#bbbbbb", "#888888", "#444444"];
      const grad = g.createRadialGradient(c - r * 0.35, c - r * 0.35, r * 0.05, c - r * 0.35, c - r * 0.35, r * 1.35);
      grad.addColorStop(0, hi); grad.addColorStop(0.6, mid); grad.addColorStop(1, lo);
      g.beginPath(); g.arc(c, c, r, 0, 2 * Math.PI); g.fillStyle = grad; g.fill();
      g.shadowColor = "transparent";
      g.lineWidth = Math.max(1, r * 0.05); g.strokeStyle = name === "White" ? "rgba(0, 0, 0, 0.35)" : "rgba(0, 0, 0, 0.5)"; g.stroke();
    }
    ctx.drawImage(sprite, x - sprite.width / 2, y - sprite.height / 2);
  },

  // The board without stones: wood, grain, lines, star points, coloured edges and
  // coordinates. It changes only with the board, size or theme, so it is drawn once.
  boardLayer(canvas, scene, geom, box, dpr) {
    const key = [geom.key, canvas.width, canvas.height, dpr, scene.coordinates, JSON.stringify(scene.edges),
      this.themeGen].join("|");
    if (canvas.pgLayer && canvas.pgLayer.key === key) return canvas.pgLayer.image;
    const c = this.palette();
    const image = document.createElement("canvas");
    image.width = canvas.width; image.height = canvas.height;
    const ctx = image.getContext("2d");
    const k = box.k * dpr;
    const X = (x) => (x + box.ox) * k, Y = (y) => (y + box.oy) * k;
    const poly = (pts) => { ctx.beginPath(); pts.forEach(([x, y], i) => (i ? ctx.lineTo(X(x), Y(y)) : ctx.moveTo(X(x), Y(y)))); ctx.closePath(); };
    // the wooden board (the outline grown by the stones' reach), a warm gradient and grain
    const outer = geom.wood;
    poly(outer);
    const grad = ctx.createLinearGradient(0, 0, image.width, image.height);
    grad.addColorStop(0, c["board-1"]); grad.addColorStop(1, c["board-2"]);
    ctx.save();
    ctx.shadowColor = "rgba(0, 0, 0, 0.3)"; ctx.shadowBlur = 8 * dpr; ctx.shadowOffsetY = 2 * dpr;
    ctx.fillStyle = grad; ctx.fill();
    ctx.restore();
    ctx.save(); poly(outer); ctx.clip();
    ctx.strokeStyle = c["board-grain"]; ctx.lineWidth = Math.max(1, dpr);
    let seed = 7;
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let i = 0; i < 60; i++) {
      const y0 = rand() * image.height, amp = 2 + rand() * 6 * dpr, phase = rand() * 6;
      ctx.globalAlpha = 0.25 + rand() * 0.5;
      ctx.beginPath();
      for (let x = 0; x <= image.width; x += 12 * dpr) ctx.lineTo(x, y0 + amp * Math.sin(x / (70 * dpr) + phase) + x * 0.04);
      ctx.stroke();
    }
    ctx.restore();
    ctx.lineWidth = Math.max(1, dpr); ctx.strokeStyle = c["board-line"];
    ctx.beginPath();
    for (const [x1, y1, x2, y2] of geom.lines) { ctx.moveTo(X(x1), Y(y1)); ctx.lineTo(X(x2), Y(y2)); }
    ctx.stroke();
    poly(geom.outline); ctx.lineWidth = Math.max(1.5, 1.6 * dpr); ctx.stroke();
    ctx.fillStyle = c["board-line"];
    for (const [x, y] of geom.stars) { ctx.beginPath(); ctx.arc(X(x), Y(y), Math.max(2 * dpr, k * 0.08), 0, 2 * Math.PI); ctx.fill(); }
    ctx.lineCap = "round";
    for (const e of scene.edges) {
      const [x1, y1, x2, y2] = e.line;
      for (const [colour, thick] of [[c["board-edge"], 0.24], [e.colour, 0.18]]) {
        ctx.beginPath(); ctx.moveTo(X(x1), Y(y1)); ctx.lineTo(X(x2), Y(y2));
        ctx.lineWidth = k * thick; ctx.strokeStyle = colour; ctx.stroke();
      }
    }
    if (scene.coordinates) {
      ctx.fillStyle = c.label; ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.font = `600 ${box.font * dpr}px system-ui, sans-serif`;
      for (const l of geom.labels) {
        const d = box.reach * k + (4 + Math.abs(l.dx) * 0.3 * box.font * l.text.length + Math.abs(l.dy) * 0.5 * box.font) * dpr;
        ctx.fillText(l.text, X(l.x) + l.dx * d, Y(l.y) + l.dy * d);
      }
    }
    canvas.pgLayer = { key, image };
    return image;
  },

  // A move of the computer's expected line: a see-through stone of its player's colour,
  // numbered in the order of play.
  lineStone(ctx, m, x, y, r) {
    ctx.globalAlpha = 0.6; this.stone(ctx, m.colour, x, y, r); ctx.globalAlpha = 1;
    ctx.font = `bold ${r * 1.05}px system-ui, sans-serif`; ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.fillStyle = this.DARK.includes(m.colour) ? "#ffffff" : "#1b1b1b";
    ctx.fillText(String(m.n), x, y + r * 0.05);
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

  // The point nearest to `from` in the direction (dx, dy), for the keyboard cursor: on a hex
  // board too, up and down go to the nearer of the two points above or below.
  step(geom, from, dx, dy) {
    const [x0, y0] = geom.points[from];
    let best = from, bestScore = Infinity;
    geom.points.forEach(([x, y], p) => {
      const along = (x - x0) * dx + (y - y0) * dy, across = Math.abs((x - x0) * dy - (y - y0) * dx);
      if (along < 0.3 || across > along * 1.2) return;
      const score = along + 2 * across + (dy ? (x - x0) * dy * 0.01 : 0);
      if (score < bestScore) { bestScore = score; best = p; }
    });
    return best;
  },
};

// The theme: "auto" follows the system's light or dark setting; a saved choice is applied
// before the first paint. The palette itself is CSS (style.css, custom properties).
window.PgTheme = {
  apply(theme) {
    const root = document.documentElement;
    if (theme === "light" || theme === "dark") root.dataset.theme = theme; else delete root.dataset.theme;
    PgBoard.colours = null;
    PgBoard.themeGen += 1;
  },
};
try { PgTheme.apply(JSON.parse(localStorage.getItem("pygames.prefs") || "{}").theme); } catch (e) { /* auto */ }

// Quiet sounds for a move and a capture, made on the spot (no sound files); off until the
// player turns them on.
window.PgSound = {
  ctx: null,
  play(kind) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    this.ctx = this.ctx || new AC();
    const notes = kind === "capture" ? [[520, 0], [390, 0.07]] : [[640, 0]];
    for (const [freq, at] of notes) {
      const osc = this.ctx.createOscillator(), gain = this.ctx.createGain(), t = this.ctx.currentTime + at;
      osc.frequency.value = freq; osc.type = "triangle";
      gain.gain.setValueAtTime(0.06, t); gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.09);
      osc.connect(gain).connect(this.ctx.destination); osc.start(t); osc.stop(t + 0.1);
    }
  },
};

// The computer player. Questions go to a pool of workers, each with its own interpreter
// (ai-worker.js), one question at a time, so the page never waits on a search. A question
// goes to every ready worker, each searching its own share of it (`share`) for the level's
// time, and the page's Python merges their answers (api.merge); a level capped by work
// asks one worker only, since more would do more work than the level allows. The first
// worker starts once the page is ready; the others start after it, one at a time, so that
// the first answer never waits for them. A worker that fails or does not answer in time is
// dropped and the others answer without it; when none is left a new one is started once,
// and after that the page's own interpreter answers (api.ask), in slices, and says so.
window.PgAi = {
  pool: [],  // the workers: {worker, ready}
  size: 1,  // how many workers are wanted
  fallback: false, restarted: false,
  current: null, queue: [], nextId: 1, api: null, note: null, levels: [],

  // How many workers a device runs unless the player chooses: one core is left to the page
  // and at most four are used (each holds its own interpreter, and more gain little); with
  // under 4 GB of memory, at most two.
  defaultSize() {
    const n = Math.max(1, Math.min((navigator.hardwareConcurrency || 1) - 1, 4));
    return navigator.deviceMemory < 4 ? Math.min(n, 2) : n;
  },

  // Start the first worker in the background (once the page is ready, so that its start-up
  // does not slow the page's). `note(text)` shows a notice about the computer's workers.
  start(api, note, size = 1) {
    if (this.api) return;
    this.api = api; this.note = note; this.size = size;
    this.levels = JSON.parse(api.levels());
    if (!window.Worker) return this.giveUp(t("this browser cannot run a background worker"));
    this.spawn();
  },

  spawn() {
    let worker;
    try {
      worker = new Worker("./ai-worker.js", { type: "module" });
    } catch (e) { return this.failed(null, e.message); }
    const member = { worker, ready: false };
    this.pool.push(member);
    worker.onmessage = (e) => this.receive(member, e.data);
    worker.onerror = (e) => { e.preventDefault(); this.failed(member, e.message || t("it stopped with an error")); };
  },

  // One more worker, if fewer are running than wanted and none is starting.
  grow() {
    if (this.fallback || !this.pool.length || this.pool.length >= this.size || this.pool.some((m) => !m.ready)) return;
    this.spawn();
  },

  // The player's choice of cores: workers beyond it stop (a question they were thinking
  // about is answered by the others), more start one at a time.
  resize(size) {
    this.size = size;
    if (!this.api || this.fallback) return;
    while (this.pool.length > Math.max(size, 1)) this.drop(this.pool[this.pool.length - 1]);
    this.grow();
    this.pump();
  },

  // Ask a question ({purpose, fragment, level, seat}); resolves with the answer object
  // ({move, chances, key, lines, …}, {refused}, {cancelled} or {error}). Thinking on the
  // person's time ({purpose: "ponder", fragment, expect, computer}) gives way to any other
  // question: what it found stays in the workers for the computer's next move.
  ask(request) {
    if (request.purpose !== "ponder") this.cancel(["ponder"]);
    return new Promise((resolve) => {
      this.queue.push({ request: { ...request, id: this.nextId++, lang: PgI18n.lang }, resolve });
      this.pump();
    });
  },

  // A review ({purpose: "review", key, plies, seconds}): every worker takes its share of the
  // positions (a capped level has no say here), and each look found is passed to `onLook`
  // at once; resolves with {reviewed: [plies]} (those the workers finished), or {cancelled}.
  review(request, onLook) {
    this.cancel(["ponder"]);
    return new Promise((resolve) => {
      this.queue.push({ request: { ...request, id: this.nextId++, lang: PgI18n.lang }, resolve, onLook });
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
      if (this.fallback) { this.api.cancel(job.request.id); job.resolve({ cancelled: true }); }
      else job.asked.forEach((m) => m.worker.postMessage({ cancel: job.request.id }));
    }
  },

  // Stop pondering and let what was pondered go (an undo, a new game, another level).
  forget() {
    this.cancel(["ponder"]);
    this.pool.forEach((m) => m.worker.postMessage({ forget: true }));
  },

  // Whether a question with this purpose is being thought about or waits its turn.
  asked(purpose) {
    return [this.current, ...this.queue].some((job) => job && !job.cancelling && job.request.purpose === purpose);
  },

  pump() {
    const ready = this.pool.filter((m) => m.ready);
    if (this.current || !this.queue.length || !(ready.length || this.fallback)) return;
    const job = this.current = this.queue.shift();
    if (this.fallback) {
      const asked = job.onLook ? this.api.review(JSON.stringify(job.request), (json) => job.cancelling || job.onLook(JSON.parse(json)))
        : this.api.ask(JSON.stringify(job.request));
      asked.then((json) => this.finish(job, JSON.parse(json)));
      return;
    }
    const level = this.levels.find((l) => l.name === job.request.level);
    job.asked = level && level.capped ? ready.slice(0, 1) : ready;
    job.replies = new Map();
    // a review's worker looks at its positions one after another, two searches at most each
    const seconds = job.onLook ? 2 * job.request.seconds * Math.ceil(job.request.plies.length / job.asked.length)
      : job.request.purpose === "ponder" ? Math.max(...this.levels.map((l) => l.ponder))
      : (level ? level.seconds : 10);
    if (job.request.purpose === "ponder") document.body.dataset.pondering = job.request.expect;
    job.timer = setTimeout(() => this.late(job), (seconds + 30) * 1000);
    job.asked.forEach((m, i) => m.worker.postMessage({ ...job.request, share: [i, job.asked.length] }));
  },

  receive(member, data) {
    if (data.ready) {
      member.ready = true;
      document.body.dataset.aiReady = "1";
      this.counted();
      this.pump();
      this.grow();
      return;
    }
    if (data.failed) return this.failed(member, data.failed);
    const job = this.current;
    if (job && job.onLook && data.look && data.id === job.request.id) return job.cancelling || job.onLook(data);
    if (job && job.asked && data.id === job.request.id && job.asked.includes(member)) {
      job.replies.set(member, data);
      this.settle(job);
    }
  },

  // Once every worker asked has answered: one answer from theirs.
  settle(job) {
    if (!job.asked.every((m) => job.replies.has(m))) return;
    const replies = job.asked.map((m) => job.replies.get(m));
    if (job.onLook) return this.finish(job, { reviewed: replies.flatMap((r) => r.reviewed || []), refused: replies.find((r) => r.refused)?.refused });
    const moves = replies.filter((r) => r.move);
    if (moves.length < 2) return this.finish(job, moves[0] || replies[0]);
    this.finish(job, JSON.parse(this.api.merge(JSON.stringify(job.request), JSON.stringify(moves))));
  },

  finish(job, answer) {
    clearTimeout(job.timer);
    if (this.current === job) this.current = null;
    // how many searches the answer stands for, for tests and curious players
    if (answer.move) document.body.dataset.aiAnswerWorkers = this.fallback ? 0 : answer.workers || 1;
    // how long the answer's search was pondered before it was asked (0: not at all)
    if (answer.move && "pondered" in answer) document.body.dataset.aiPondered = answer.pondered;
    // whether the computer's move came from its opening book
    if (answer.move && job.request.purpose === "move") document.body.dataset.aiBook = answer.book ? "1" : "0";
    if (job.request.purpose === "ponder") delete document.body.dataset.pondering;
    job.resolve(job.cancelling ? { cancelled: true } : answer);
    this.pump();
  },

  // The question took far longer than its level's time: the workers still silent are stuck.
  late(job) {
    for (const m of job.asked.filter((w) => !job.replies.has(w))) this.failed(m, t("it did not answer in time"));
  },

  // A worker stops and leaves the pool; a question it alone was thinking about is asked
  // again (of the others, or of the page).
  drop(member) {
    member.worker.terminate();
    this.pool = this.pool.filter((m) => m !== member);
    this.counted();
    const job = this.current;
    if (!job || !job.asked || !job.asked.includes(member)) return;
    job.asked = job.asked.filter((m) => m !== member);
    if (job.asked.length) return this.settle(job);
    clearTimeout(job.timer);
    this.current = null;
    if (job.cancelling) job.resolve({ cancelled: true }); else this.queue.unshift(job);
  },

  // A worker failed to start or stopped: the others go on without it (and no other takes
  // its place, since the same would likely happen again); the last one is restarted once.
  failed(member, reason) {
    if (member && !this.pool.includes(member)) return;
    if (member) this.drop(member);
    if (this.pool.length) {
      this.size = this.pool.length;
      if (this.note) this.note(t("One of the computer's background helpers failed ({why}); it thinks with the others.", { why: reason }));
      return this.pump();
    }
    if (this.restarted) return this.giveUp(reason);
    this.restarted = true;
    this.spawn();
  },

  giveUp(reason) {
    this.pool.forEach((m) => m.worker.terminate());
    this.pool = []; this.fallback = true;
    this.counted();
    document.body.dataset.aiFallback = "1";
    if (this.note) this.note(t("The computer is thinking on this page itself because its background helper failed ({why}), so the page may be slow while it thinks.", { why: reason }));
    this.pump();
  },

  // How many workers are ready, for tests and curious players.
  counted() {
    document.body.dataset.aiWorkers = this.pool.filter((m) => m.ready).length;
  },

  // The thinking notice: shown while the computer works on a move, with a running clock
  // (a CSS animation and a timer, both of which keep going because the page stays free).
  notice: {
    timer: null,
    show(box, clock) {
      const t0 = performance.now();
      box.hidden = false;
      clock.textContent = t("{seconds} s", { seconds: "0.0" });
      this.timer = setInterval(() => { clock.textContent = t("{seconds} s", { seconds: ((performance.now() - t0) / 1000).toFixed(1) }); }, 100);
    },
    hide(box) { clearInterval(this.timer); box.hidden = true; },
  },
};

window.PgApp = {
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
  shown: {},  // what each part of the panel shows (see changed)

  $(id) { return document.getElementById(id); },

  // Before Python runs: the linked game's start position at once, controls disabled,
  // and any start-up failure turned into a message.
  boot() {
    window.pgConnect = (api) => this.connect(api);
    try { Object.assign(this.prefs, JSON.parse(localStorage.getItem("pygames.prefs") || "{}")); } catch (e) { /* keep defaults */ }
    // Every form is handled by script: none may ever navigate (and restart the engine).
    document.addEventListener("submit", (e) => e.preventDefault());
    this.startPosition();
    PgI18n.ready.then(() => this.languageShown());
    document.querySelectorAll("[data-lang]").forEach((b) => b.addEventListener("click", () => this.setLanguage(b.dataset.lang)));
    const fail = (why) => {
      if (this.api) return;
      this.$("loading").textContent = t("The game engine could not start ({why}). Reload the page to try again.", { why });
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
    const start = document.querySelector(`template[data-game="${CSS.escape(params.get("g") || "")}"]`) ||
      document.querySelector("template[data-game]");
    if (!start) return;
    const picture = document.createElement("div");
    picture.className = "pg-start";
    picture.setAttribute("aria-hidden", "true");
    picture.append(start.content.cloneNode(true));
    const canvas = this.$("board");
    // The live board's height at this width (its coordinates keep a fixed size in pixels,
    // so it is not simply the picture's proportions).
    const box = PgBoard.layout(JSON.parse(start.dataset.extent), canvas.clientWidth, this.prefs.coordinates,
                               start.dataset.edges === "1");
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
    const texts = PgI18n.starts[this.startTexts.game] || start.dataset;
    this.$("title").textContent = texts.title;
    if (!this.startTexts.later) {
      this.$("describe").textContent = texts.describe;
      this.$("prompt").textContent = texts.prompt;
    }
  },

  // The page's own texts in the language now shown, and the switch showing which it is.
  languageShown() {
    PgI18n.apply();
    const rules = this.$("rules-link");
    rules.href = rules.getAttribute("href").replace(/(-[a-z]{2})?\.html$/, PgI18n.lang === "en" ? ".html" : `-${PgI18n.lang}.html`);
    document.title = t("pygames: Loose, Vacu, Convacu, Gardar and Pente");
    document.querySelectorAll("[data-lang]").forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.lang === PgI18n.lang)));
    this.showStartTexts();
  },

  // The language switch: everything in the new language at once, the game as it is.
  setLanguage(lang) {
    try { localStorage.setItem("pygames.lang", lang); } catch (e) { /* not remembered */ }
    PgI18n.use(lang).then(() => {
      this.languageShown();
      if (!this.api) return;
      this.api.language(PgI18n.lang, PgI18n.catalog);
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

  // The games, in the header and the new-game form, with their names in the language shown.
  gameChoices() {
    this.games = JSON.parse(this.api.games());
    const nav = this.$("games"), select = this.$("game-select");
    const chosen = select.value;
    nav.replaceChildren(); select.replaceChildren();
    for (const g of this.games) {
      const a = document.createElement("a");
      a.href = `#${g.link}`; a.textContent = g.title; a.dataset.game = g.name;
      if (this.view && this.view.game === g.name) a.classList.add("current");
      nav.append(a);
      select.append(new Option(g.title, g.name));
    }
    if (chosen) select.value = chosen;
  },

  levelChoices() {
    this.levels = JSON.parse(this.api.levels());
    for (const select of [this.$("level"), this.$("vs-level")]) {
      const chosen = select.value;
      select.replaceChildren(...this.levels.map((l) => Object.assign(new Option(l.label, l.name), { title: l.about })));
      if (chosen) select.value = chosen;
    }
    this.levelAbout();
  },

  // What the level chosen in the dialog does, under its menu.
  levelAbout() {
    const level = (this.levels || []).find((l) => l.name === this.$("vs-level").value);
    this.$("vs-about").textContent = level ? level.about : "";
    this.$("level").title = (this.levels || []).find((l) => l.name === this.$("level").value)?.about || "";
  },

  // How many cores the computer thinks on: the player's choice, saved with the other
  // preferences (the page's own, like the theme), else the device's default.
  cores() {
    const most = navigator.hardwareConcurrency || 1;
    return Math.min(Math.max(Number(this.prefs.cores) || PgAi.defaultSize(), 1), most);
  },

  coreChoices() {
    const select = this.$("cores");
    const most = navigator.hardwareConcurrency || 1;
    select.replaceChildren(...Array.from({ length: most }, (_, i) => new Option(String(i + 1))));
    select.value = String(this.cores());
    select.addEventListener("change", () => {
      this.prefs.cores = Number(select.value);
      localStorage.setItem("pygames.prefs", JSON.stringify(this.prefs));
      PgAi.resize(this.cores());
    });
  },

  // Called by main.py once Python and pygames are loaded.
  async connect(api) {
    this.api = api;
    await PgI18n.ready;
    api.language(PgI18n.lang, PgI18n.catalog);
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
    const redraw = () => { PgTheme.apply(this.prefs.theme); if (this.view) this.show(api.redraw("main", this.prefsJson())); };
    window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", redraw);
    window.addEventListener("hashchange", () => { if (location.hash.slice(1) !== this.fragment) this.load(); });
    // a new width redraws the board as it is (the message, a hint's among them, stays)
    window.addEventListener("resize", () => this.view && this.drawBoard(this.view, false));
    this.load();
    this.$("loading").hidden = true;
    this.$("board-box").querySelector(".pg-start")?.remove();
    this.$("controls").disabled = false;
    document.body.dataset.ready = "1";
    window.pgReadyAt = performance.now();
    window.pgReady = true;
    // The computer's worker loads the same runtime: after the offline cache has it, so that
    // it is served from there rather than asked of the server a second time.
    PgStart.offline().then(() => PgAi.start(api, (text) => {
      this.$("ai-note").hidden = false;
      this.$("ai-note").textContent = text;
    }, this.cores()));
  },

  // The board: click or tap to play (with confirm-move, a first tap shows a ghost stone),
  // pointer hover names the point, and the keyboard moves a cursor over the points.
  wireBoard(canvas) {
    canvas.addEventListener("click", (e) => {
      if (this.cursor !== null) { this.cursor = null; this.repaint(); }  // the pointer took over from the keys
      if (this.thinking) return this.say(t("Wait for the computer's move."), "info");
      const [x, y] = PgBoard.toBoard(canvas, e);
      this.show(this.api.click("main", x, y, this.prefsJson()));
    });
    // Name the point under the pointer: reading labels off a hex board is otherwise hard.
    // A mouse also shows a faint stone where a click would play.
    canvas.addEventListener("mousemove", (e) => {
      const [x, y] = PgBoard.toBoard(canvas, e);
      const near = this.geom ? this.geom.points.findIndex(([px, py]) => (px - x) ** 2 + (py - y) ** 2 < 0.23) : -1;
      this.$("hover").textContent = near >= 0 ? t("Point {point}", { point: this.geom.points[near][2] }) : "";
      const hover = near >= 0 && !this.thinking && this.view && !this.view.over ? near : null;
      if (hover !== this.hover) { this.hover = hover; this.repaint(); }
    });
    canvas.addEventListener("mouseleave", () => { this.$("hover").textContent = ""; this.hover = null; this.repaint(); });
    // The cursor square is for keyboard players: focus from a click or tap shows none (it
    // would look like a hint).
    canvas.addEventListener("focus", () => {
      if (this.cursor === null && this.geom && canvas.matches(":focus-visible")) {
        this.moveCursor(this.view.scene.last ?? Math.floor(this.geom.points.length / 2));
      }
    });
    canvas.addEventListener("blur", () => { this.cursor = null; this.repaint(); });
    canvas.addEventListener("keydown", (e) => {
      const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      const history = { PageUp: "prev", PageDown: "next", Home: "first", End: "last" };
      if (dirs[e.key] && this.geom) {
        e.preventDefault();
        this.moveCursor(PgBoard.step(this.geom, this.cursor ?? 0, ...dirs[e.key]));
      } else if ((e.key === "Enter" || e.key === " ") && this.cursor !== null) {
        e.preventDefault();
        if (this.thinking) return this.say(t("Wait for the computer's move."), "info");
        this.show(this.api.place("main", this.cursor, this.prefsJson()));
      } else if (history[e.key]) { e.preventDefault(); this.act(history[e.key]); }
    });
  },

  moveCursor(p) {
    this.cursor = p;
    const [, , label] = this.geom.points[p];
    const on = this.view.scene.stones.find(([q]) => q === p);
    const what = on ? t("{colour} stone", { colour: this.colourLabel(on[1]) })
      : (this.view.pending_point === p ? t("selected, Enter again to play") : t("empty"));
    this.$("cursor-say").textContent = `${label}, ${what}${this.view.scene.last === p ? t(", last move") : ""}`;
    this.repaint();
  },

  // Left and right arrows step through the game anywhere but in the board and form fields.
  historyKey(e) {
    const keys = { ArrowLeft: "prev", ArrowRight: "next" };
    if (!keys[e.key] || e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, select, textarea, canvas")) return;
    e.preventDefault();
    this.act(keys[e.key]);
  },

  applyPrefs() {
    PgTheme.apply(this.prefs.theme);
    PgBoard.animate = this.prefs.animations !== false;
    document.body.dataset.confirm = this.prefs.confirm ? "1" : "";
  },

  prefsJson() { return JSON.stringify(this.prefs); },

  // A colour's name (the English name, its key) as players read it, from the view.
  colourLabel(name) {
    const v = this.view, i = v ? v.colours.indexOf(name) : -1;
    return i >= 0 ? v.colour_labels[i] : name;
  },

  // The game the address names; a link made during a review opens straight into one.
  load() {
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
    PgAi.cancel(["move"]);
    PgAi.forget();
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
    PgAi.cancel(["hint", "evaluate", "review"]);
    PgAi.ask({ purpose: "move", fragment: v.fragment, level: v.computer[v.seat_to_move], seat: v.seat_to_move }).then((answer) => {
      this.thinking = false;
      PgAi.notice.hide(this.$("thinking"));
      delete document.body.dataset.thinking;
      if (answer.move && this.view && answer.key === this.view.key) {
        this.chances = answer.chances;
        this.expecting = null;
        this.show(this.api.computer("main", answer.move, answer.key, this.prefsJson()));
        const reply = answer.lines && answer.lines.length ? answer.lines[0].moves[1] : null;
        if (reply && this.view) { this.expecting = { key: this.view.key, reply, spent: false }; this.ponder(this.view); }
      } else if (answer.refused || answer.error) {
        this.say(t("The computer could not move: {why}", { why: answer.refused || answer.error }));
      } else if (this.view) {
        this.maybeThink(this.view);  // the game changed meanwhile: think about it afresh
      }
    });
  },

  hint() {
    if (this.thinking) return this.say(t("Wait for the computer's move."), "info");
    const v = this.view;
    if (!v || v.over) return this.say(t("The game is over."), "info");
    if (this.reviewing) return this.say(t("The computer is reviewing the game: stop the review to ask for a hint."), "info");
    this.say(t("Looking for a hint…"), "info");
    PgAi.cancel(["hint", "evaluate"]);
    PgAi.ask({ purpose: "hint", fragment: v.fragment, level: this.$("level").value }).then((answer) => {
      if (answer.cancelled) return;
      if (!answer.move) return this.say(t("No hint: {why}", { why: answer.refused || answer.error }));
      if (answer.chances) this.showChances(answer.chances, v.key + v.ply);
      this.line = null;
      this.show(this.api.hint("main", answer.move, v.fragment, this.prefsJson()), "info");
      const path = answer.lines && answer.lines.length ? answer.lines[0].path : [answer.move];
      if (this.view.hinted && this.view.fragment === v.fragment) this.hinted = { fragment: v.fragment, path };
      this.lineButton();
      this.ponder(this.view);
    });
  },

  // Think on the person's time: while a person is to move after the computer's move, the
  // workers search the position the reply it expects would make (pygames.ai.Ponder), up to
  // the level's pondering time; a hint or the evaluation bar interrupts it, and it goes on
  // after them. The computer's next move starts from what it found if the reply comes.
  ponder(v) {
    if (!this.prefs.ponder) { if (PgAi.asked("ponder")) PgAi.forget(); return; }
    const e = this.expecting;
    if (!e || e.spent || PgAi.fallback || this.thinking || this.reviewing || v.over
        || v.ply !== v.plies || v.key !== e.key || this.computer.has(v.seat_to_move) || PgAi.asked("ponder")) return;
    PgAi.ask({ purpose: "ponder", fragment: v.fragment, expect: e.reply, computer: v.computer }).then((answer) => {
      if (!answer.cancelled) e.spent = true;  // its time is up, or there is nothing to ponder
    });
  },

  // The hint's expected line on the board, or off again: numbered stones in the colours of
  // the players who would play them (1 is the hint), with the moves in words below.
  toggleLine() {
    if (this.line) {
      this.line = null;
      this.say("", "info");
    } else if (this.hinted) {
      const found = JSON.parse(this.api.line("main", this.hinted.fragment, JSON.stringify(this.hinted.path)));
      if (found.error) return this.say(found.error);
      this.line = found.moves.length ? found.moves : null;
      this.say(found.message, "info");
    }
    this.lineButton();
    this.repaint();
  },

  lineButton() {
    const b = this.$("hint-line");
    b.disabled = !this.hinted;
    b.setAttribute("aria-pressed", String(!!this.line));
  },

  // The evaluation bar: each colour's chance of winning, as the computer sees it (after its
  // own move, what its search found).
  evaluate(v) {
    const where = v.key + v.ply;
    if (v.over) {  // the game is decided (a resignation too): the bar says so
      const winners = v.result.winners;
      this.chances = null;
      return this.showChances(Object.fromEntries(v.colours.map((c) => [c, winners.includes(c) ? 1 / winners.length : 0])), where);
    }
    if (this.chances) { this.showChances(this.chances, where); this.chances = null; }
    if (!this.prefs.evaluation || v.over || this.thinking || this.reviewing || this.evaluated === where) return;
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
    bar.title = bar.ariaLabel = Object.entries(chances).map(([c, p]) => `${this.colourLabel(c)} ${Math.round(p * 100)}%`).join(", ");
  },

  computerSeats(seats) {
    const box = this.$("computer-seats");
    const names = seats.map(([seat]) => seat).join("|");
    if (box.dataset.names === names) {
      box.querySelectorAll("input").forEach((input) => { input.checked = this.computer.has(Number(input.dataset.seat)); });
      return;
    }
    box.dataset.names = names;
    box.replaceChildren(...seats.map(([seat], i) => {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "checkbox"; input.dataset.seat = i; input.checked = this.computer.has(i);
      input.addEventListener("change", () => {
        const seats = new Set(this.computer);
        if (input.checked) seats.add(i); else seats.delete(i);
        this.setComputer([...seats]);
      });
      label.append(input, ` ${seat}`);
      return label;
    }));
  },

  // The computer plays `seats` (from 0) at the level chosen, the others are people.
  setComputer(seats) {
    const level = this.$("level").value;
    PgAi.forget();
    this.show(this.api.setComputer("main", JSON.stringify(Object.fromEntries(seats.map((i) => [i, level]))), this.prefsJson()));
  },

  // A new game from the form (or the end panel's "New game", which keeps the computer's
  // seats): its own history entry, so Back returns to the game left.
  newGame(name, options, computer = this.view ? this.view.computer : {}, news = t("A new game has started.")) {
    PgAi.cancel(["move", "hint", "evaluate"]);
    PgAi.forget();
    if (!name) {
      name = this.$("game-select").value; options = {};
      this.$("option-fields").querySelectorAll("[name]").forEach((el) => {
        options[el.name] = el.type === "checkbox" ? el.checked : el.value;
      });
    }
    this.pushNext = true;
    const json = this.api.newGame("main", name, JSON.stringify(options), this.prefsJson(), JSON.stringify(computer));
    this.show(json);
    const v = JSON.parse(json);
    if (v.error || v.message) return;  // options refused: their message stays
    this.say(news, "info");
    window.scrollTo({ top: 0 });  // back to the board, from the form at the foot of the page
  },

  // A new visitor's game of the game shown (its newcomer options, the size on the board).
  firstOptions() {
    const game = this.games.find((g) => g.name === this.view.game);
    const options = Object.fromEntries(game.options.map((o) => [o.name, o.default]));
    if ("size" in this.view.options) options.size = this.view.options.size;
    return options;
  },

  // "Play the computer": a small dialog asks the player's colour (or random) and the level.
  askOpponent() {
    const v = this.view, box = this.$("vs-colours");
    const colours = v.colours.slice(0, 2);  // the new game is for two
    box.replaceChildren(...colours.map((c, i) => {
      const label = document.createElement("label");
      const input = Object.assign(document.createElement("input"), { type: "radio", name: "colour", value: String(i) });
      input.checked = i === 0;
      label.append(input, " ", i === 0 ? t("{colour} (moves first)", { colour: v.colour_labels[i] }) : v.colour_labels[i]);
      return label;
    }));
    this.$("vs-level").value = this.$("level").value;
    this.levelAbout();
    this.$("vs-computer").showModal();
  },

  playComputer() {
    const form = this.$("vs-form");
    const chosen = form.elements.colour.value;
    const you = chosen === "random" ? Math.floor(Math.random() * 2) : Number(chosen);
    const level = this.$("vs-level").value;
    this.$("level").value = level;
    localStorage.setItem("pygames.level", level);
    this.levelAbout();
    this.$("vs-computer").close();
    const colour = this.view.colour_labels[you];
    this.newGame(this.view.game, this.firstOptions(), { [1 - you]: level },
                 t("A new game: you play {colour} against the computer.", { colour }));
  },

  // "Play a friend": a new game of the game shown for two people at this screen.
  playFriend() {
    this.newGame(this.view.game, this.firstOptions(), {}, t("A new game for two players at this screen."));
  },

  // Resigning asks once more on the button itself: a stray click only arms it.
  resign() {
    const b = this.$("resign");
    if (this.thinking) return this.say(t("Wait for the computer's move."), "info");
    if (!b.dataset.armed) {
      b.dataset.armed = "1"; b.textContent = t("Really resign?");
      return;
    }
    this.disarmResign();
    this.act("resign");
  },

  disarmResign() {
    const b = this.$("resign");
    delete b.dataset.armed; b.textContent = t("Resign");
  },

  download() {
    const text = this.api.record("main");
    if (text.startsWith("{")) return this.show(text);
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    a.download = `${this.view.game}-${new Date().toISOString().slice(0, 10)}.txt`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 0);
  },

  openFile(file) {
    if (!file) return;
    if (file.size > 1000000) return this.say(t("That file is too large for a game record."));
    file.text().then((text) => this.openRecord(text), () => this.say(t("That file could not be read.")));
  },

  // An opened record is a new history entry, like a new game: Back returns to the game left.
  openRecord(text) {
    if (!text.trim()) return this.say(t("Choose a record file or paste a record first."));
    const json = this.api.openRecord("main", text, this.prefsJson());
    if (JSON.parse(json).error) return this.show(json);
    PgAi.cancel(["move", "hint", "evaluate"]);
    PgAi.forget();
    this.pushNext = true;
    this.show(json);
    this.$("open-record").open = false;
    this.$("record-text").value = "";
  },

  // The same game again with the colours swapped: each player, the computer included,
  // moves to the next seat.
  rematch() {
    PgAi.cancel(["move", "hint", "evaluate"]);
    PgAi.forget();
    this.pushNext = true;
    this.show(this.api.act("main", "rematch", this.prefsJson()));
  },

  optionFields(name, values) {
    const box = this.$("option-fields");
    box.replaceChildren();
    const game = this.games.find((g) => g.name === name);
    const advanced = document.createElement("details");
    advanced.className = "advanced";
    advanced.append(Object.assign(document.createElement("summary"), { textContent: t("Advanced") }));
    for (const o of game ? game.options : []) {
      const label = document.createElement("label");
      label.title = o.help;
      let input;
      if (o.kind === "bool") {
        input = document.createElement("input"); input.type = "checkbox";
        input.checked = values && o.name in values ? !!values[o.name] : o.default;
      } else if (o.choices.length) {
        input = document.createElement("select");
        o.choices.forEach((c, i) => input.append(new Option(o.choice_labels[i], String(c))));
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
      (o.advanced ? advanced : box).append(label);
    }
    if (advanced.children.length > 1) box.append(advanced);
  },

  copyLink() {
    const url = location.href;
    const done = () => this.say(t("Link copied to the clipboard."), "info");
    const fallback = () => this.say(t("Copy this link: {url}", { url }), "info");
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, fallback); else fallback();
  },

  // A message under the board: "info" for news (a copied link, a hint), else a problem.
  // Long text is cut: a message is a line or two, never a wall.
  say(text, kind = "problem") {
    const box = this.$("message");
    box.textContent = text.length > 300 ? `${text.slice(0, 300)}…` : text;
    box.dataset.kind = kind;
  },

  // Redraw the board as it is (cursor moves, resizes): no Python call.
  repaint() {
    const canvas = this.$("board");
    if (canvas.pgFrame) {
      canvas.pgFrame.extra = this.extras(this.view);
      PgBoard.paint(canvas, []);
    }
  },

  extras(v) {
    const better = this.better && this.better.ply === v.ply && this.better.key === v.key ? this.better.moves : null;
    return { ghost: v.pending_point, ghostColour: v.to_move, cursor: this.cursor, hover: this.hover, line: better || this.line };
  },

  drawBoard(v, animate) {
    this.geom = PgBoard.geometry(this.api, v.board);
    if (this.cursor !== null && this.cursor >= this.geom.points.length) this.cursor = null;
    PgBoard.draw(this.$("board"), v.scene, this.geom, this.extras(v), animate);
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
      if (note) PgSound.play(/captured/.test(note[2]) ? "capture" : "move");
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
    this.$("rules-link").href = `./rules-${v.rules_page}${PgI18n.lang === "en" ? "" : `-${PgI18n.lang}`}.html`;
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
    if (this.view && this.view.key !== v.key) PgAi.cancel(["hint"]);
    this.view = v;
    this.$("eval").hidden = !this.prefs.evaluation;
    this.maybeThink(v);
    this.evaluate(v);
    this.ponder(v);
    this.fragment = v.fragment;
    if (location.hash.slice(1) !== v.fragment) history[this.pushNext ? "pushState" : "replaceState"](null, "", "#" + v.fragment);
    this.pushNext = false;
    document.body.dataset.ply = v.ply;
  },

  // Whether `value` differs from what the part `name` of the panel shows: unchanged parts
  // are left alone, so a step through the history touches little of the page.
  changed(name, value) {
    const text = JSON.stringify(value);
    if (this.shown[name] === text) return false;
    this.shown[name] = text;
    return true;
  },

  scoreTable(v, turn) {
    const head = `<tr><th></th>${v.colours.map((c, i) => `<th class="${turn === c ? "turn" : ""}">${v.colour_labels[i]}</th>`).join("")}</tr>`;
    const rows = v.breakdown.map(([label, vals]) => `<tr><td>${label}</td>${vals.map((x) => `<td>${x}</td>`).join("")}</tr>`);
    const total = `<tr class="total"><td>${t("total")}</td>${v.scores.map((x) => `<td>${x}</td>`).join("")}</tr>`;
    return head + rows.join("") + (v.breakdown.length > 1 ? total : "");
  },

  // The move list: every move with its flips and captures; a click views that ply. The
  // other lines the player left are listed under it, each a button to go back to it.
  showMoves(v, before) {
    const list = this.$("moves");
    const same = before && before.key === v.key && list.children.length === v.moves.length && !this.changed("move-words", PgI18n.lang);
    if (!same) {
      delete this.shown["review-marks"];  // the new items have none yet
      list.replaceChildren(...v.move_list.map(([text, colour, note, flipped, captured], i) => {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.type = "button"; b.dataset.ply = i + 1; b.dataset.colour = v.moves[i][1];
        b.innerHTML = `<span class="n">${i + 1}.</span> <span class="mv"></span>`;
        b.querySelector(".mv").textContent = text;
        if (note) {
          const s = document.createElement("small");
          s.textContent = [flipped ? `↻${flipped}` : "", captured ? `×${captured}` : ""].filter(Boolean).join(", ");
          b.append(" ", s);
        }
        b.title = `${colour} ${text}${note ? `: ${note}` : ""}`;
        b.addEventListener("click", () => this.act(`goto:${i + 1}`));
        li.append(b);
        return li;
      }));
    }
    list.querySelectorAll("li.current").forEach((li) => li.classList.remove("current"));
    const current = list.children[v.ply - 1];
    if (current) current.classList.add("current");
    // keep the current move in the list's view, at the next frame (no forced layout now)
    requestAnimationFrame(() => {
      if (!current) { list.scrollTop = 0; return; }
      const top = current.offsetTop;  // from the list's own top: the list is its items' offsetParent
      if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - current.offsetHeight) list.scrollTop = top - list.clientHeight / 2;
    });
    this.$("moves-empty").hidden = v.moves.length > 0;
    if (this.changed("lines", v.lines)) this.$("lines").replaceChildren(...v.lines.map((line, i) => {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = t("Back to it: {line}", { line: line.text }); b.dataset.line = i;
      b.addEventListener("click", () => this.act(`line:${i}`));
      return b;
    }));
  },

  // The computer's review of the game on view: its workers look at every position (each
  // worker its share of them), in the background, and the graph, the marks and the summary
  // fill in as the looks arrive. A look about another game (a move played since, a new
  // game) stops it. Positions a failed worker left are asked again, once more at most.
  review(again = 1) {
    if (this.thinking) return this.say(t("Wait for the computer's move."), "info");
    const plan = JSON.parse(this.api.startReview("main", this.$("review-budget").value));
    if (plan.error) return this.say(plan.error, "info");
    PgAi.cancel(["review", "hint", "evaluate"]);
    this.reviewing = plan.key;
    document.body.dataset.reviewing = "1";
    this.reviewShown(this.api.redraw("main", this.prefsJson()));
    const request = { purpose: "review", key: plan.key, plies: plan.plies, seconds: plan.seconds };
    PgAi.review(request, (found) => this.reviewed(plan.key, found)).then((answer) => {
      if (this.reviewing !== plan.key) return;
      if (answer.refused || answer.error) {
        this.reviewDone();
        return this.say(t("The review stopped: {why}", { why: answer.refused || answer.error }));
      }
      if (answer.cancelled) return this.reviewDone();
      const left = this.view && this.view.review ? this.view.review.total - this.view.review.done : 0;
      if (left && again) return this.review(again - 1);
      this.reviewDone();
    });
  },

  // One look from a worker: into the session, and the panel redrawn (the board too, only
  // if something on it changed).
  reviewed(key, found) {
    if (this.reviewing !== key) return;
    const json = this.api.reviewed("main", key, found.ply, JSON.stringify(found.look), this.prefsJson());
    if (JSON.parse(json).stale) return this.stopReview();
    this.reviewShown(json);
  },

  // A view in which only the review changed (the game and the position on view are the
  // same): the review's part of the page and the address, not the whole board again.
  reviewShown(json) {
    const v = JSON.parse(json);
    if (v.error || !this.view || v.key !== this.view.key || v.ply !== this.view.ply) return this.show(json);
    Object.assign(this.view, { review: v.review, review_asked: v.review_asked, fragment: v.fragment });
    this.showReview(this.view);
    this.fragment = v.fragment;
    if (location.hash.slice(1) !== v.fragment) history.replaceState(null, "", "#" + v.fragment);
  },

  stopReview() {
    PgAi.cancel(["review"]);
    this.reviewDone();
    if (this.view) this.showReview(this.view);
  },

  reviewDone() {
    this.reviewing = null;
    delete document.body.dataset.reviewing;
    if (this.view && this.view.review) document.body.dataset.reviewed = this.view.review.complete ? "1" : "";
    if (this.view) this.showReview(this.view);
  },

  // The review's part of the page: progress, the graph, the verdict on the move on view.
  showReview(v) {
    const r = v.review, box = this.$("review");
    box.hidden = !r;
    if (!r) {  // no review, or one of a game that has changed since: it stops
      if (this.reviewing) PgAi.cancel(["review"]);
      this.reviewing = this.better = null;
      delete document.body.dataset.reviewing;
      delete document.body.dataset.reviewed;
      delete document.body.dataset.reviewDone;
      return;
    }
    const running = this.reviewing === v.key;
    document.body.dataset.reviewDone = r.done;  // for tests and curious players
    this.$("review-progress").textContent = running
      ? t("Reviewing: {done} of {total} positions…", { done: r.done, total: r.total })
      : (r.complete ? t("Reviewed: {total} positions.", { total: r.total })
        : t("Review stopped at {done} of {total} positions (Review goes on from there).", { done: r.done, total: r.total }));
    this.$("review-cancel").hidden = !running;
    this.drawGraph(v);
    if (this.changed("review-summary", r.summary)) {
      this.$("review-summary").replaceChildren(...r.summary.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
    }
    this.$("review-caution").textContent = r.caution;
    this.$("review-caution").hidden = !r.caution;
    const verdict = r.verdict || (this.better && this.better.ply === v.ply && this.better.key === v.key ? this.better.verdict : null);
    this.$("review-verdict").hidden = !verdict;
    this.$("review-text").textContent = verdict ? verdict.text : "";
    this.$("review-better").setAttribute("aria-pressed", String(!!(this.better && this.better.ply === v.ply)));
    this.markMoves(v);
  },

  // The marks in the move list: a sign after each marked move, and its name for screen readers.
  markMoves(v) {
    const marks = v.review ? v.review.marks : {};
    if (!this.changed("review-marks", [v.key, marks, PgI18n.lang])) return;
    this.$("moves").querySelectorAll("li").forEach((li, i) => {
      const mark = marks[i + 1], b = li.firstChild;
      b.querySelectorAll(".review-mark, .review-mark + .sr-only").forEach((el) => el.remove());
      b.dataset.mark = mark || "";
      if (!mark) return;
      // the sign for the eye, the mark's name for a screen reader
      const sign = document.createElement("span");
      sign.className = "review-mark"; sign.textContent = v.review.signs[mark];
      sign.setAttribute("aria-hidden", "true");
      const name = Object.assign(document.createElement("span"), { className: "sr-only", textContent: ` ${v.review.names[mark]}` });
      b.querySelector(".mv").after(sign, name);
    });
  },

  // The better move and its line as numbered stones, on the position before the marked move
  // (1 is the better move); again, off.
  toggleBetter() {
    const v = this.view, verdict = v && v.review && v.review.verdict;
    if (this.better && this.better.ply === v.ply) {
      const back = this.better.verdict.ply;
      this.better = null;
      return this.act(`goto:${back}`);
    }
    if (!verdict) return;
    this.act(`goto:${verdict.ply - 1}`);
    const found = JSON.parse(this.api.line("main", this.view.fragment, JSON.stringify(verdict.better)));
    this.better = { ply: verdict.ply - 1, key: v.key, moves: found.moves || [], verdict };
    this.say(found.message || "", "info");
    this.showReview(this.view);
    this.repaint();
  },

  // The graph: the first seat's chance as a filled curve (each seat's with more than two),
  // the 50% line, the marks as dots and the move on view as a line. A click goes to a move.
  drawGraph(v) {
    const r = v.review, svg = this.$("review-graph");
    const n = Math.max(v.plies, 1), x = (ply) => (ply / n) * 300, y = (p) => 58 - p * 56;
    const key = [v.key, v.ply, r.chances.length, r.marks, PgI18n.lang];
    if (!this.changed("review-graph", key)) return;
    const colours = v.colours, seats = v.seats.map(([, colour]) => colour);
    // two players: the first one's chance as an area in its colour over the second's colour
    // (as the evaluation bar shows them); more: a line per seat
    const stone = { Black: "#1b1b1b", White: "#f7f7f2", Orange: "#e69f00", Blue: "#0072b2" };
    const two = seats.length === 2;
    const lines = (two ? [0] : seats.map((_, i) => i)).map((seat) => {
      const points = r.chances.map(([ply, values]) => `${x(ply).toFixed(1)},${y(values[seat]).toFixed(1)}`);
      if (!points.length) return "";
      const area = two ? `<rect width="300" height="60" style="fill:${stone[seats[1]]}"/><path class="area" d="M${x(r.chances[0][0])},60 L${points.join(" L")} L${x(r.chances[r.chances.length - 1][0])},60 Z" style="fill:${stone[seats[0]]}"/>` : "";
      return `${area}<polyline class="chance" points="${points.join(" ")}" style="stroke:${two ? "#888" : stone[seats[seat]]}"/>`;
    });
    const dots = Object.entries(r.marks).map(([ply, mark]) => {
      const at = r.chances.find(([p]) => p === Number(ply));
      return at ? `<circle class="mark ${mark}" cx="${x(Number(ply)).toFixed(1)}" cy="${y(at[1][0]).toFixed(1)}" r="2.6"/>` : "";
    });
    svg.innerHTML = `<line class="half" x1="0" x2="300" y1="${y(0.5)}" y2="${y(0.5)}"/>${lines.join("")}${dots.join("")}` +
      `<line class="now" x1="${x(v.ply)}" x2="${x(v.ply)}" y1="0" y2="60"/>`;
    const first = v.colour_labels[colours.indexOf(seats[0])];
    this.$("review-caption").textContent = two ? t("{colour}'s chance of winning after each move; the dots are the marked moves.", { colour: first })
      : t("Each player's chance of winning after each move; the dots are the marked moves.");
    const at = r.chances.find(([p]) => p === v.ply);
    svg.setAttribute("aria-label", t("Chances of winning after each move ({colour}'s shown); at move {ply}: {chances}", {
      colour: first, ply: v.ply,
      chances: at ? seats.map((c, i) => `${v.colour_labels[colours.indexOf(c)]} ${Math.round(at[1][i] * 100)}%`).join(", ") : "–" }));
  },

  graphClick(e) {
    const v = this.view;
    if (!v || !v.review) return;
    const box = this.$("review-graph").getBoundingClientRect();
    this.act(`goto:${Math.round(((e.clientX - box.left) / box.width) * v.plies)}`);
  },

  // The end of the game: who won and why, the final score, and what next.
  showEnd(v) {
    const panel = this.$("end");
    if (v.result && panel.hidden) requestAnimationFrame(() => panel.scrollIntoView({ block: "nearest" }));  // what next, in view
    panel.hidden = !v.result;
    document.body.dataset.over = v.result ? "1" : "";
    if (!v.result) return;
    this.$("end-headline").textContent = v.result.headline;
    this.$("end-reason").textContent = v.result.reason;
    this.$("end-score").innerHTML = this.scoreTable(v, null);
    panel.dataset.winners = v.result.winners.join(" ");
  },
};

// Start-up shared by the app and embedded boards: offline support and failure reporting.
window.PgStart = {
  // Report any start-up failure. PyScript imports main (site/main.py), which hands its
  // functions to window.pgConnect; if that never happens, the page says why instead of waiting.
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
    // A page written in a language the site speaks shows its boards in it; the iframe page
    // (data-lang="auto") follows the link, the player's choice or the browser.
    const root = document.documentElement;
    PgI18n.start(root.dataset.lang === "auto" ? undefined : root.lang.slice(0, 2));
    const figures = document.querySelectorAll("figure.pg-board");
    figures.forEach((fig, i) => {
      if (!fig.id) fig.id = `pg-board-${i + 1}`;
      if (fig.dataset.position === "#") this.fromHash(fig);
      const canvas = document.createElement("canvas");
      canvas.hidden = true; canvas.tabIndex = 0;
      const caption = fig.querySelector("figcaption")?.textContent;
      if (caption) canvas.setAttribute("aria-label", caption); else PgI18n.ready.then(() => canvas.setAttribute("aria-label", t("Game board")));
      if (fig.dataset.width) canvas.style.width = fig.dataset.width + "px";
      const status = document.createElement("div");
      status.className = "pg-status"; status.setAttribute("aria-live", "polite");
      fig.prepend(canvas);
      canvas.after(status);
      if (this.exercise(fig)) PgLearn.boot(fig);
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
          const [x, y] = PgBoard.toBoard(canvas, e);
          this.show(fig, this.api.click(fig.id, x, y, this.prefs(fig)));
        });
      }
    });
    const fail = () => this.api || figures.forEach((fig) => { fig.dataset.failed = "1"; });
    PgStart.watch(fail);
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
    await PgI18n.ready;
    PgI18n.apply();
    api.language(PgI18n.lang, PgI18n.catalog);
    PgStart.offline().then(() => document.querySelector("figure.pg-board[data-computer]") && PgAi.start(api, null));
    document.querySelectorAll("figure.pg-board").forEach((fig) => {
      const canvas = fig.querySelector("canvas");
      canvas.hidden = false;
      const still = fig.querySelector(".pg-static");
      if (still) still.hidden = true;
      if (this.exercise(fig)) PgLearn.load(fig); else this.load(fig);
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
    PgBoard.draw(fig.querySelector("canvas"), v.scene, PgBoard.geometry(this.api, v.board), {}, step);
    // "Play from here" opens the game page at the position on view
    const link = fig.querySelector("a.play-here");
    if (link) link.href = `./index.html#${v.link}${PgI18n.lang === "en" ? "" : `&lang=${PgI18n.lang}`}`;
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
    PgAi.ask({ purpose: "move", fragment: v.fragment, level: fig.dataset.level || "easy", seat: v.seat_to_move })
      .then((answer) => {
        delete fig.dataset.thinking;
        if (answer.move) this.show(fig, this.api.computer(fig.id, answer.move, answer.key, this.prefs(fig)));
        else if (answer.refused || answer.error) fig.querySelector(".pg-status").textContent = answer.refused || answer.error;
      });
  },
};
