// Run a benchmark's measuring half inside Pyodide under Node, with pygames imported from a
// given source tree (mounted read-only, no wheel needed, so any commit can be measured).
// usage: node benchmarks/pyodide_run.mjs SOURCE_TREE BENCH_DIR SCRIPT ARGS...
import { loadPyodide } from "pyodide";
import path from "node:path";

const [source, bench, script, ...args] = process.argv.slice(2);
const pyodide = await loadPyodide();
for (const [dir, where] of [[source, "/tree"], [bench, "/bench"]]) {
  pyodide.FS.mkdirTree(where);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(dir) }, where);
}
pyodide.globals.set("ARGS", pyodide.toPy([`/bench/${script}`, ...args]));
pyodide.runPython(`
import os, runpy, sys
sys.dont_write_bytecode = True
os.environ["PYGAMES_TREE"] = "/tree"
sys.path.insert(0, "/bench")
sys.argv = list(ARGS)
runpy.run_path(sys.argv[0], run_name="__main__")
`);
