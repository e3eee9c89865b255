// The computer at the app's side: its moves, hints and their expected line, thinking on the
// person's time, and the evaluation bar.

import { t } from "./i18n.js";
import { workers } from "./workers.js";

export const computerHelp = {
  // Let the computer move if it plays the seat to move. Its answer is played at the end of
  // the game it was asked about, even if the player is looking back through the history.
  maybeThink(v) {
    if (v.over || v.ply !== v.plies || !this.computer.has(v.seat_to_move) || this.thinking) return;
    this.thinking = true;
    workers.notice.show(this.$("thinking"), this.$("think-clock"));
    document.body.dataset.thinking = "1";
    workers.cancel(["hint", "evaluate", "review"]);
    workers.ask({ purpose: "move", fragment: v.fragment, level: v.computer[v.seat_to_move], seat: v.seat_to_move }).then((answer) => {
      this.thinking = false;
      workers.notice.hide(this.$("thinking"));
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
    workers.cancel(["hint", "evaluate"]);
    workers.ask({ purpose: "hint", fragment: v.fragment, level: this.$("level").value }).then((answer) => {
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
    if (!this.prefs.ponder) { if (workers.asked("ponder")) workers.forget(); return; }
    const e = this.expecting;
    if (!e || e.spent || workers.fallback || this.thinking || this.reviewing || v.over
        || v.ply !== v.plies || v.key !== e.key || this.computer.has(v.seat_to_move) || workers.asked("ponder")) return;
    workers.ask({ purpose: "ponder", fragment: v.fragment, expect: e.reply, computer: v.computer }).then((answer) => {
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
    workers.cancel(["evaluate"]);
    workers.ask({ purpose: "evaluate", fragment: v.fragment, level: "medium" }).then((answer) => {
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
};
