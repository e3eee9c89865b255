// The app's record of play: the move list and the lines left, the score table, the end of
// the game.

import { i18n, t } from "./i18n.js";

export const moveList = {
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
    const same = before && before.key === v.key && list.children.length === v.moves.length && !this.changed("move-words", i18n.lang);
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
