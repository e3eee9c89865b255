// The computer's review of a game: its progress, the graph of each side's chances, the
// verdict on each move, the marks in the move list and the better move.

import { i18n, t } from "./i18n.js";
import { workers } from "./workers.js";

export const reviewPanel = {
  // The computer's review of the game on view: its workers look at every position (each
  // worker its share of them), in the background, and the graph, the marks and the summary
  // fill in as the looks arrive. A look about another game (a move played since, a new
  // game) stops it. Positions a failed worker left are asked again, once more at most.
  review(again = 1) {
    if (this.thinking) return this.say(t("Wait for the computer's move."), "info");
    const plan = JSON.parse(this.api.startReview("main", this.$("review-budget").value));
    if (plan.error) return this.say(plan.error, "info");
    workers.cancel(["review", "hint", "evaluate"]);
    this.reviewing = plan.key;
    document.body.dataset.reviewing = "1";
    this.reviewShown(this.api.redraw("main", this.prefsJson()));
    const request = { purpose: "review", key: plan.key, plies: plan.plies, seconds: plan.seconds };
    workers.review(request, (found) => this.reviewed(plan.key, found)).then((answer) => {
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
    workers.cancel(["review"]);
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
      if (this.reviewing) workers.cancel(["review"]);
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
    if (!this.changed("review-marks", [v.key, marks, i18n.lang])) return;
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
    const key = [v.key, v.ply, r.chances.length, r.marks, i18n.lang];
    if (!this.changed("review-graph", key)) return;
    const colours = v.colours, seats = v.seats.map(([, colour]) => colour);
    // two players: the first one's chance as an area in its colour over the second's colour
    // (as the evaluation bar shows them); more: a line per seat
    const stone = this.geom.style.fills;
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
};
