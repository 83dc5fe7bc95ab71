// Precompile, for the site's Pyodide (CPython 3.14 in WebAssembly), the Python modules that
// starting the kernel and drawing both play apps import: PyPI's pure-Python wheels hold only
// sources, and compiling them in the browser is about half of their import time.
//
//   node scripts/precompile_lite.mjs PYODIDE_DIR SITE_DIR
//
// SITE_DIR holds the unpacked wheels; each imported module gets its
// __pycache__/NAME.cpython-314.pyc (unchecked-hash: valid without reading the source again).
// Run by scripts/build_lite.py, which puts the .pyc files back into the wheels.
import { pathToFileURL } from "node:url";

const [pyodideDir, siteDir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({
  indexURL: `${pyodideDir}/`, stdout: (line) => console.log(line), stderr: (line) => console.error(line),
});
pyodide.FS.mkdirTree("/site");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: siteDir }, "/site");
pyodide.runPython(`
import importlib, importlib.util, json, py_compile, sys
sys.path.insert(0, "/site")
problems = []
sys.dont_write_bytecode = True
probes = ["IPython", "ipykernel", "comm", "jedi", "pygments.lexers.python",
          "pygments.formatters.html", "traitlets", "ipywidgets", "anywidget", "networkx",
          "plotly.graph_objects", "plotly.io", "freight_freedom"]
for name in probes:
    try:
        importlib.import_module(name)
    except Exception as exc:
        problems.append(f"import {name}: {exc!r}")
try:
    from freight_freedom import Freedom, SlowFreight
    for game in (Freedom(players=2, seed=1), SlowFreight(players=3, seed=1)):
        app = game.app()
        game.figure()
        game.apply(game.legal_actions()[0])
except Exception as exc:
    print(f"[precompile] apps: {exc!r}")
count = 0
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None) or ""
    if path.startswith("/site/") and path.endswith(".py"):
        py_compile.compile(path, cfile=importlib.util.cache_from_source(path), doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        count += 1
with open("/site/precompile-report.json", "w") as out:  # (print is not shown under Node)
    json.dump({"compiled": count, "problems": problems}, out)
`);
