// The page's language. Python words its own messages (pygames.i18n); the page's own texts
// come from a small JSON catalog per language (i18n/<lang>.json, made by build.py from the
// same gettext catalogs), fetched only for the language shown. Marked elements (data-i18n,
// data-i18n-attr) keep their English text as the message id. The language is, first, a
// lang=ko / lang=en in the link (for that visit), then the player's choice (remembered),
// then the browser's.

export const i18n = {
  LANGUAGES: ["en", "ko"],
  lang: "en",
  messages: {},
  starts: {},  // each game's title, rules line and prompt in this language, before Python is ready
  catalog: undefined,  // the compiled catalog for Python's messages (bytes), for api.language
  ready: Promise.resolve(),

  // Choose the language and fetch its catalog at once (before the page's first paint, so
  // that the download runs alongside the rest of the start). The page's texts stay hidden
  // meanwhile.
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
      delete root.dataset.i18nPending;  // (the app page starts with it set)
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

export const t = (text, params) => i18n.t(text, params);
