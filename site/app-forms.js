// The app's choices: games and their options, new games (against the computer or a friend),
// the computer's seats, level and cores, resigning.

import { t } from "./i18n.js";
import { workers } from "./workers.js";

export const forms = {
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
    return Math.min(Math.max(Number(this.prefs.cores) || workers.defaultSize(), 1), most);
  },

  coreChoices() {
    const select = this.$("cores");
    const most = navigator.hardwareConcurrency || 1;
    select.replaceChildren(...Array.from({ length: most }, (_, i) => new Option(String(i + 1))));
    select.value = String(this.cores());
    select.addEventListener("change", () => {
      this.prefs.cores = Number(select.value);
      localStorage.setItem("pygames.prefs", JSON.stringify(this.prefs));
      workers.resize(this.cores());
    });
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
    workers.forget();
    this.show(this.api.setComputer("main", JSON.stringify(Object.fromEntries(seats.map((i) => [i, level]))), this.prefsJson()));
  },

  // A new game from the form (or the end panel's "New game", which keeps the computer's
  // seats): its own history entry, so Back returns to the game left.
  newGame(name, options, computer = this.view ? this.view.computer : {}, news = t("A new game has started.")) {
    const before = this.view;
    workers.cancel(["move", "hint", "evaluate"]);
    workers.forget();
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
    this.leave(before);
    this.say(news, "info");
    window.scrollTo({ top: 0 });  // back to the board, from the form at the foot of the page
  },

  // Another game replaced `left` (a view): if that game had moves and was not over, offer
  // the way back to it on the first screen, until the game now shown is under way (Back in
  // the browser returns to it too, but an installed app may have no Back).
  leave(left) {
    this.left = left && left.plies && !left.over ? this.keptLink(left) : null;
    this.showReturn();
  },

  showReturn() {
    const v = this.view;
    this.$("return").hidden = !this.left || v.plies > 1 || v.over;
  },

  returnToLeft() {
    const link = this.left;
    if (!link) return;
    this.left = null;
    location.hash = link;  // a history entry of its own, opened by the hashchange
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

  // The same game again with the colours swapped: each player, the computer included,
  // moves to the next seat.
  rematch() {
    workers.cancel(["move", "hint", "evaluate"]);
    workers.forget();
    this.pushNext = true;
    this.show(this.api.act("main", "rematch", this.prefsJson()));
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
};
