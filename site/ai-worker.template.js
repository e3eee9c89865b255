// The computer player's own interpreter: a Pyodide in a dedicated worker, so that the page
// stays live while it thinks. It touches no page and answers with plain JSON, so it needs
// no special headers. Messages in: {id, fragment, purpose, level, seat} (see
// pygames.session.ComputerTask) and {cancel: id}; out: {ready: true} once it can answer,
// then {id, move, chances, …} | {id, refused} | {id, cancelled} | {id, error}.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const started = (async () => {
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/") });
  const [wheel, glue] = await Promise.all([
    fetch(here("./wheels/__WHEEL__")).then((r) => r.arrayBuffer()),
    fetch(here("./ai_worker.py")).then((r) => r.text()),
  ]);
  pyodide.unpackArchive(wheel, "zip");
  pyodide.runPython(glue);
  return pyodide.globals;
})();

started.then(() => postMessage({ ready: true }), (e) => postMessage({ failed: String(e && e.message || e) }));

self.onmessage = async (event) => {
  const request = event.data;
  try {
    const py = await started;
    if ("cancel" in request) { py.get("cancel")(request.cancel); return; }
    postMessage(JSON.parse(await py.get("answer")(JSON.stringify(request))));
  } catch (e) {
    postMessage({ id: request.id, error: String(e && e.message || e) });
  }
};
