// The computer player's own interpreter: a Pyodide in a dedicated worker, so that the page
// stays live while it thinks. It touches no page and answers with plain JSON, so it needs
// no special headers. The page may run several, each searching its own share of a question.
// Messages in: {id, fragment, purpose, level, seat, lang, share: [i, n]} (see
// pygames.session.ask_computer; purpose "ponder" thinks on the person's time, see
// pygames.session.ponder), {cancel: id} and {forget: true} (let a pondered search go); out: {ready: true} once it can answer,
// then {id, move, chances, lines, summary, …} | {id, refused} | {id, cancelled} | {id, error}.
// A review ({id, purpose: "review", key, plies, seconds, share}) sends {id, ply, look} for each
// position as it is looked at, then {id, reviewed: [plies]}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const started = (async () => {
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/") });
  // pygames, and the site's own Python (ai_worker among it), both compiled at build time.
  const archives = await Promise.all(["./wheels/__WHEEL__", "./wheels/__PAGE__"].map(
    (file) => fetch(here(file)).then((r) => r.arrayBuffer())));
  archives.forEach((archive) => pyodide.unpackArchive(archive, "zip"));
  return pyodide.pyimport("ai_worker");
})();

started.then(() => postMessage({ ready: true }), (e) => postMessage({ failed: String(e && e.message || e) }));

// The catalogs of the languages asked in (a refusal is worded in the page's language),
// each fetched once.
const catalogs = { en: Promise.resolve() };
const catalog = (py, lang) => (catalogs[lang] ||= fetch(here(`./i18n/${lang}.mo`))
  .then((r) => (r.ok ? r.arrayBuffer() : Promise.reject(new Error(r.statusText))))
  .then((data) => py.catalog(lang, new Uint8Array(data))));

self.onmessage = async (event) => {
  const request = event.data;
  try {
    const py = await started;
    if ("cancel" in request) { py.cancel(request.cancel); return; }
    if ("forget" in request) { py.forget(); return; }
    if (request.lang) await catalog(py, request.lang).catch(() => { request.lang = "en"; });
    postMessage(JSON.parse(await py.answer(JSON.stringify(request), (json) => postMessage(JSON.parse(json)))));
  } catch (e) {
    postMessage({ id: request.id, error: String(e && e.message || e) });
  }
};
