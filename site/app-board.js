// The app's board: drawing the view, pointer and keyboard play, the keyboard cursor.

import { board } from "./board.js";
import { t } from "./i18n.js";

export const boardControls = {
  // The board: click or tap to play (with confirm-move, a first tap shows a ghost stone),
  // pointer hover names the point, and the keyboard moves a cursor over the points.
  wireBoard(canvas) {
    canvas.addEventListener("click", (e) => {
      if (this.cursor !== null) { this.cursor = null; this.repaint(); }  // the pointer took over from the keys
      if (this.thinking) return this.say(t("Wait for the computer's move."), "info");
      const [x, y] = board.toBoard(canvas, e);
      this.show(this.api.click("main", x, y, this.prefsJson()));
    });
    // Name the point under the pointer: reading labels off a hex board is otherwise hard.
    // A mouse also shows a faint stone where a click would play.
    canvas.addEventListener("mousemove", (e) => {
      const [x, y] = board.toBoard(canvas, e);
      const near = this.geom ? this.geom.points.findIndex(([px, py]) => (px - x) ** 2 + (py - y) ** 2 < 0.23) : -1;
      this.$("hover").textContent = near >= 0 ? t("Point {point}", { point: this.geom.points[near][2] }) : "";
      const hover = near >= 0 && !this.thinking && this.view && !this.view.over ? near : null;
      if (hover !== this.hover) { this.hover = hover; this.repaint(); }
    });
    canvas.addEventListener("mouseleave", () => { this.$("hover").textContent = ""; this.hover = null; this.repaint(); });
    // The cursor square is for keyboard players: focus from a click or tap shows none (it
    // would look like a hint). It starts on the last move, or else the middle of the board.
    const home = () => this.view.scene.last ?? Math.floor(this.geom.points.length / 2);
    canvas.addEventListener("focus", () => {
      if (this.cursor === null && this.geom && canvas.matches(":focus-visible")) this.moveCursor(home());
    });
    canvas.addEventListener("blur", () => { this.cursor = null; this.repaint(); });
    canvas.addEventListener("keydown", (e) => {
      const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      const history = { PageUp: "prev", PageDown: "next", Home: "first", End: "last" };
      if (dirs[e.key] && this.geom) {
        e.preventDefault();
        // after a click the cursor is hidden: the first key shows it where it starts
        this.moveCursor(this.cursor === null ? home() : board.step(this.geom, this.cursor, ...dirs[e.key]));
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

  // Redraw the board as it is (cursor moves, resizes): no Python call.
  repaint() {
    const canvas = this.$("board");
    if (canvas.pgFrame) {
      canvas.pgFrame.extra = this.extras(this.view);
      board.paint(canvas, []);
    }
  },

  extras(v) {
    const better = this.better && this.better.ply === v.ply && this.better.key === v.key ? this.better.moves : null;
    return { ghost: v.pending_point, ghostColour: v.to_move, cursor: this.cursor, hover: this.hover, line: better || this.line };
  },

  drawBoard(v, animate) {
    this.geom = board.geometry(this.api, v.board);
    if (this.cursor !== null && this.cursor >= this.geom.points.length) this.cursor = null;
    board.draw(this.$("board"), v.scene, this.geom, this.extras(v), animate);
  },
};
