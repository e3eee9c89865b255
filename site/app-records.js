// Games in and out of the app: a record to download, a record file or text to open, the link.

import { t } from "./i18n.js";
import { workers } from "./workers.js";

export const records = {
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
    workers.cancel(["move", "hint", "evaluate"]);
    workers.forget();
    this.pushNext = true;
    this.show(json);
    this.$("open-record").open = false;
    this.$("record-text").value = "";
  },

  copyLink() {
    const url = location.href;
    const done = () => this.say(t("Link copied to the clipboard."), "info");
    const fallback = () => this.say(t("Copy this link: {url}", { url }), "info");
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, fallback); else fallback();
  },
};
