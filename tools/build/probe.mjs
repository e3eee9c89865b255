// Runs probe.py inside Pyodide under Node, for the build (tools/build/bytecode.py):
// node probe.mjs PYODIDE_URL PROBE.py WHEEL SOURCES.json STDLIB_OUT PYGAMES_OUT PAGE_OUT
// The wheel is unpacked to /probe/packages and the page's Python (SOURCES.json: text by
// path) written to /probe/scripts; the three archives probe.py writes are copied out.
import fs from "node:fs";

const [pyodideUrl, probe, wheel, sources, stdlib, pygames, page] = process.argv.slice(2);
const { loadPyodide } = await import(pyodideUrl);
const pyodide = await loadPyodide();
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "zip", { extractDir: "/probe/packages" });
for (const [name, text] of Object.entries(JSON.parse(fs.readFileSync(sources, "utf8")))) {
  pyodide.FS.mkdirTree(["/probe/scripts", ...name.split("/").slice(0, -1)].join("/"));
  pyodide.FS.writeFile(`/probe/scripts/${name}`, text);
}
pyodide.runPython(fs.readFileSync(probe, "utf8"));
fs.writeFileSync(stdlib, pyodide.FS.readFile("/probe/stdlib.zip"));
fs.writeFileSync(pygames, pyodide.FS.readFile("/probe/pygames.zip"));
fs.writeFileSync(page, pyodide.FS.readFile("/probe/page.zip"));
