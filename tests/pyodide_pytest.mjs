// Run rules test files inside Pyodide (Python 3.14 on WebAssembly) under Node, offline.
// usage: node tests/pyodide_pytest.mjs TESTDIR WHEEL... -- PYTEST_ARGS...
import { loadPyodide } from "pyodide";
import path from "node:path";

const argv = process.argv.slice(2);
const split = argv.indexOf("--");
const [testdir, ...wheels] = argv.slice(0, split);
const pytestArgs = argv.slice(split + 1);

const pyodide = await loadPyodide();
await pyodide.loadPackage(wheels.map((w) => path.resolve(w)), { messageCallback: () => {} });
const mount = "/home/pyodide/proj/tests";
pyodide.FS.mkdirTree(mount);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: path.resolve(testdir) }, mount);
pyodide.globals.set("ARGS", pyodide.toPy(["-p", "no:cacheprovider", ...pytestArgs]));
const rc = pyodide.runPython(`
import os, sys, pytest
os.chdir("/home/pyodide/proj")
sys.path.insert(0, "/home/pyodide/proj")
sys.dont_write_bytecode = True
print("[pyodide]", sys.version.split()[0], sys.platform)
int(pytest.main(list(ARGS)))
`);
process.exit(rc);
