// Board drawing: a position made by pygames.render (a scene) drawn on a canvas, on its
// board's drawing (pygames.render.for_page, asked of Python once per board), with moving
// stones; and a pointer's or the keyboard's way to a point. The measures that the SVG
// diagrams share (how the board fits a width, the stones' shading, the widths of its
// extras) come from Python with the board, as data: none is computed here again.

export const board = {
  geometries: {},  // each board's drawing by key (pygames.render.for_page), fetched once per board
  colours: null,  // the theme's colours, read from CSS custom properties
  themeGen: 0,  // counts theme changes, so that cached drawings are redone
  stoneSprites: {},
  reducedMotion: window.matchMedia("(prefers-reduced-motion: reduce)"),
  animate: true,  // the player's animation preference (on unless turned off)

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

  // How the board fits `width` CSS pixels (pygames.render.layout): the scale k (pixels a
  // unit), the board's origin (ox, oy) in units, the height, the labels' font size and the
  // stones' reach. Python gives it at a few widths (`fit`, see pygames.render.fit), between
  // and beyond which it changes linearly with the width: any width's is interpolated.
  layout(fit, width) {
    let i = 1;
    while (i < fit.length - 1 && fit[i].width < width) i++;
    const a = fit[i - 1], b = fit[i], s = (width - a.width) / (b.width - a.width);
    const at = (name) => a[name] + s * (b[name] - a[name]);
    const k = at("k"), o = at("origin") / k;
    return { k, ox: o, oy: o, height: at("height"), font: at("font"), reach: a.reach };
  },

  // A board's fit for what a scene shows beyond the points: coordinates, coloured edges.
  fit(geom, scene) {
    return geom.fits[Number(scene.coordinates)][Number(scene.edges.length > 0)];
  },

  // Draw a position (pygames.render.position) on its board's geometry, at the canvas's CSS
  // width. With `animate`, stones placed, flipped or removed since the last drawing move
  // (briefly, on requestAnimationFrame), unless motion is reduced or turned off.
  draw(canvas, scene, geom, extra = {}, animate = false) {
    const dpr = window.devicePixelRatio || 1;
    const cssW = canvas.clientWidth || canvas.width;
    const box = this.layout(this.fit(geom, scene), cssW);
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
    const pt = (p) => geom.points[p], style = geom.style;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(this.boardLayer(canvas, scene, geom, box, dpr), 0, 0);
    const r = geom.radius * k;
    const [area, shade] = style.area;
    for (const a of scene.areas) {
      ctx.beginPath(); ctx.arc(X(pt(a.p)[0]), Y(pt(a.p)[1]), r * area, 0, 2 * Math.PI);
      ctx.globalAlpha = shade; ctx.fillStyle = a.fill; ctx.fill(); ctx.globalAlpha = 1;
    }
    const busy = new Map(moving.map((m) => [m.p, m]));
    for (const [p, name] of scene.stones) if (!busy.has(p)) this.stone(ctx, style, name, X(pt(p)[0]), Y(pt(p)[1]), r);
    for (const m of moving) this.moving(ctx, style, m, X(pt(m.p)[0]), Y(pt(m.p)[1]), r);
    for (const [p, alpha] of [[extra.ghost, 0.55], [extra.hover, 0.3]]) {
      if (p === null || p === undefined || canvas.pgStones.has(p) || !extra.ghostColour || (alpha < 0.5 && p === extra.ghost)) continue;
      ctx.globalAlpha = alpha; this.stone(ctx, style, extra.ghostColour, X(pt(p)[0]), Y(pt(p)[1]), r); ctx.globalAlpha = 1;
    }
    ctx.lineJoin = ctx.lineCap = "round";
    const line = (points, closed) => {
      ctx.beginPath();
      points.forEach((p, i) => (i ? ctx.lineTo(X(pt(p)[0]), Y(pt(p)[1])) : ctx.moveTo(X(pt(p)[0]), Y(pt(p)[1]))));
      if (closed) ctx.closePath();
    };
    const c = this.palette();
    for (const p of scene.paths) {
      const colours = p.highlight ? [c.highlight, p.casing, p.colour] : [p.casing, p.colour];
      const widths = p.highlight ? style.highlighted_path : style.plain_path;
      for (const [colour, thick] of colours.map((colour, i) => [colour, widths[i]])) {
        line(p.points, p.closed);
        ctx.lineWidth = Math.max(1.5 * dpr, k * thick); ctx.strokeStyle = colour;
        if (p.highlight && colour === c.highlight) { ctx.globalAlpha = style.glow; ctx.stroke(); ctx.globalAlpha = 1; } else ctx.stroke();
      }
    }
    if (scene.last !== null && scene.last !== undefined && !busy.has(scene.last)) {
      const on = canvas.pgStones.get(scene.last);
      ctx.beginPath(); ctx.arc(X(pt(scene.last)[0]), Y(pt(scene.last)[1]), r * style.mark.dot, 0, 2 * Math.PI);
      ctx.fillStyle = style.dark.includes(on) ? "#ffffff" : c.accent; ctx.fill();
    }
    // the hint's expected line, numbered, over the hint's own mark
    const expected = (extra.line || []).map((m, i) => ({ ...m, n: i + 1 })).filter((m) => m.point !== null);
    const inLine = new Set(expected.map((m) => m.point));
    for (const m of scene.marks) if (!inLine.has(m.p)) this.mark(ctx, style.mark, m, X(pt(m.p)[0]), Y(pt(m.p)[1]), r, dpr);
    for (const m of expected) this.lineStone(ctx, style, m, X(pt(m.point)[0]), Y(pt(m.point)[1]), r);
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
  moving(ctx, style, m, x, y, r) {
    const t = m.t, ease = 1 - (1 - Math.min(t * 1.6, 1)) ** 3;
    ctx.save();
    if (m.kind === "place") {
      ctx.globalAlpha = Math.min(1, t * 2.5);
      this.stone(ctx, style, m.to, x, y, r * (0.7 + 0.3 * ease));
    } else if (m.kind === "flip") {
      ctx.translate(x, y); ctx.scale(Math.max(0.02, Math.abs(1 - 2 * t)), 1);
      this.stone(ctx, style, t < 0.5 ? m.from : m.to, 0, 0, r);
    } else {
      ctx.globalAlpha = Math.max(0, 1 - t);
      this.stone(ctx, style, m.from, x, y, r * (1 - 0.25 * t));
    }
    ctx.restore();
  },

  // A shaded stone with a soft shadow, from a sprite made once per colour and size.
  stone(ctx, style, name, x, y, r) {
    const key = `${name}:${Math.round(r * 4)}`;
    let sprite = this.stoneSprites[key];
    if (!sprite) {
      const size = Math.ceil(r * 2.5) + 4, c = size / 2;
      sprite = this.stoneSprites[key] = document.createElement("canvas");
      sprite.width = sprite.height = size;
      const g = sprite.getContext("2d");
      g.shadowColor = "rgba(0, 0, 0, 0.35)"; g.shadowBlur = r * 0.18; g.shadowOffsetX = r * 0.06; g.shadowOffsetY = r * 0.1;
      const [hi, mid, lo] = style.shades[name];
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
    const c = this.palette(), style = geom.style;
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
    for (const [x, y] of geom.stars) { ctx.beginPath(); ctx.arc(X(x), Y(y), Math.max(2 * dpr, k * style.star), 0, 2 * Math.PI); ctx.fill(); }
    ctx.lineCap = "round";
    for (const e of scene.edges) {
      const [x1, y1, x2, y2] = e.line;
      for (const [colour, thick] of [[c["board-edge"], style.edge[0]], [e.colour, style.edge[1]]]) {
        ctx.beginPath(); ctx.moveTo(X(x1), Y(y1)); ctx.lineTo(X(x2), Y(y2));
        ctx.lineWidth = k * thick; ctx.strokeStyle = colour; ctx.stroke();
      }
    }
    if (scene.coordinates) {
      ctx.fillStyle = c.label; ctx.textAlign = "center"; ctx.textBaseline = "middle";
      ctx.font = `600 ${box.font * dpr}px system-ui, sans-serif`;
      for (const l of geom.labels) {
        const d = box.reach * k + (style.label_gap + l.extent * box.font) * dpr;
        ctx.fillText(l.text, X(l.x) + l.dx * d, Y(l.y) + l.dy * d);
      }
    }
    canvas.pgLayer = { key, image };
    return image;
  },

  // A move of the computer's expected line: a see-through stone of its player's colour,
  // numbered in the order of play.
  lineStone(ctx, style, m, x, y, r) {
    ctx.globalAlpha = 0.6; this.stone(ctx, style, m.colour, x, y, r); ctx.globalAlpha = 1;
    ctx.font = `bold ${r * 1.05}px system-ui, sans-serif`; ctx.textAlign = "center"; ctx.textBaseline = "middle";
    ctx.fillStyle = style.dark.includes(m.colour) ? "#ffffff" : "#1b1b1b";
    ctx.fillText(String(m.n), x, y + r * 0.05);
  },

  // A mark, sized as the SVG's marks are (size: STYLE["mark"] from pygames.render).
  mark(ctx, size, m, x, y, r, dpr) {
    const h = r * size.size, q = h * size.square;
    ctx.strokeStyle = ctx.fillStyle = m.colour;
    ctx.lineWidth = Math.max(1.5 * dpr, r * size.stroke);
    ctx.beginPath();
    if (m.shape === "dot") { ctx.arc(x, y, r * size.dot, 0, 2 * Math.PI); ctx.fill(); return; }
    if (m.shape === "circle") ctx.arc(x, y, h, 0, 2 * Math.PI);
    else if (m.shape === "square") ctx.rect(x - q, y - q, 2 * q, 2 * q);
    else if (m.shape === "triangle") {
      [-Math.PI / 2, Math.PI / 6, 5 * Math.PI / 6].forEach((a, i) =>
        (i ? ctx.lineTo : ctx.moveTo).call(ctx, x + h * Math.cos(a), y + h * Math.sin(a)));
      ctx.closePath();
    } else if (m.shape === "cross") { ctx.moveTo(x - h, y - h); ctx.lineTo(x + h, y + h); ctx.moveTo(x + h, y - h); ctx.lineTo(x - h, y + h); }
    else {
      ctx.font = `bold ${r * size.text}px sans-serif`; ctx.textAlign = "center"; ctx.textBaseline = "middle";
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
