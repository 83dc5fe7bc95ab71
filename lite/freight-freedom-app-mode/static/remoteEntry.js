// The browser-only site's app mode: a notebook opened as
//   notebooks/index.html?path=play_freedom.ipynb&app
// shows its text and outputs only (no code, menus or toolbar, as Voila shows a notebook on a
// server) and runs every cell by itself once its kernel is idle; a banner says what is
// happening until the last cell has run, and links to the notebook with its code.
//
// A JupyterLab extension is a webpack module-federation container: an object in
// window._JUPYTERLAB with init(shareScope) and get(module), get("./extension") resolving to a
// factory of the module whose default export is the plugin list (see the site's bootstrap.js,
// loadComponent, and the loader that calls get). This plugin needs no shared module (it uses
// only the application object it is given), so the container is written by hand instead of
// built with webpack: no Node tool chain for one small file.
(function () {
  "use strict";
  const ID = "freight-freedom-app-mode:plugin";

  // Every page of the site, app or not, and of JupyterLab run from a checkout (`python3 dev.py
  // lab` and the browser tests load this extension too): anywidget (0.11) gives each widget
  // model 2 s to load its module in the page, then drops every message its kernel sends it, and
  // a plotly map that missed the 2 s (a laptop busy starting Python) never changed again. Its own
  // AbortSignal.timeout(2000) gets STRETCH_MS instead; every other caller is untouched. (The
  // package's Voila page does the same: freight_freedom/ui/jupyter_data/voila/templates.)
  // This file loads before any widget exists (bootstrap.js loads the extensions first).
  const STRETCH_MS = 600000;
  const timeout = AbortSignal.timeout.bind(AbortSignal);
  AbortSignal.timeout = (ms) =>
    timeout(ms === 2000 && /anywidget/.test(new Error().stack || "") ? STRETCH_MS : ms);
  // this file's address: the site's copy of plotly's widget code is beside it
  const HERE = document.currentScript ? document.currentScript.src : window.location.href;
  const KERNEL_WAIT_MS = 600000; // a first visit on a slow laptop: Pyodide and the wheels
  const START_WAIT_MS = 15000; // Run All pressed to a first cell queued; else press again

  // the notebook's own header (name, kernel) gives way to the banner; the menu bar and the
  // notebook's toolbar are hidden through their widgets (hide()), which lays the page out again
  // without them (hidden by CSS, they kept their space)
  const CSS = `
body.ff-app-mode #top-panel,
body.ff-app-mode .jp-CodeCell .jp-Cell-inputWrapper, body.ff-app-mode .jp-OutputPrompt,
body.ff-app-mode .jp-Collapser, body.ff-app-mode .jp-cell-toolbar,
body.ff-app-mode .jp-cell-menu, body.ff-app-mode .jp-Cell.ff-app-hidden {
  display: none !important; }
body.ff-app-mode .jp-Cell { padding-top: 0; padding-bottom: 0; }
body.ff-app-mode .jp-Cell.jp-mod-selected, body.ff-app-mode .jp-Cell.jp-mod-active {
  background: transparent; }
.ff-app-banner { position: absolute; inset: 0; box-sizing: border-box; font: 15px/1.4 sans-serif;
  padding: 0 16px; background: #eef3fd; border-bottom: 1px solid #c9d7f5; color: #1f1f1f;
  display: flex; gap: 20px; align-items: center; white-space: nowrap; overflow: hidden; }
.ff-app-banner-text { overflow: hidden; text-overflow: ellipsis; }
.ff-app-banner[data-state="done"] { background: #f1f3f4; border-color: #ddd; }
.ff-app-banner[data-state="failed"] { background: #fdecea; border-color: #f5c2c0; }
.ff-app-banner a { color: #0b57d0; }
.ff-app-banner a:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
`;

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  async function until(check, ms, what) {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = check();
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
      await sleep(100);
    }
  }

  // the banner's words in the language the page asks for (?lang=es), English otherwise
  const WORDS = {
    es: {
      "See the code of this page": "Ver el código de esta página",
      "All games and lessons": "Todos los juegos y lecciones",
      "Loading Python for this browser (the first visit downloads about 45 MB)...":
        "Cargando Python para este navegador (la primera visita descarga unos 45 MB)...",
      "Starting the app...": "Iniciando la aplicación...",
      "Something went wrong while starting the app: the message is below.":
        "Algo salió mal al iniciar la aplicación: el mensaje está abajo.",
      "Ready.": "Listo.",
      "The app did not start": "La aplicación no se inició",
      "Reload the page to try again.": "Vuelve a cargar la página para intentarlo otra vez.",
    },
  };
  const LANG = (new URLSearchParams(window.location.search).get("lang") || "").slice(0, 2);
  const tr = (words) => (WORDS[LANG] && WORDS[LANG][words]) || words;

  function banner(path) {
    const el = document.createElement("div");
    el.className = "ff-app-banner";
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
    const text = document.createElement("span");
    text.className = "ff-app-banner-text";
    const code = document.createElement("a");
    code.href = `?path=${encodeURIComponent(path)}`;
    code.textContent = tr("See the code of this page");
    const home = document.createElement("a");
    home.href = "../index.html";
    home.textContent = tr("All games and lessons");
    el.append(text, code, home);
    document.getElementById("top-panel-wrapper").append(el);
    return (state, words) => {
      el.dataset.state = state;
      text.textContent = tr(words);
    };
  }

  // how many cells the app is (the site's build writes metadata.freight_freedom.app_cells
  // where a notebook goes on with the code behind it); all of them otherwise
  function appCells(panel) {
    const model = panel.model || panel.content.model;
    const meta = model.getMetadata ? model.getMetadata("freight_freedom")
      : (model.metadata || {}).freight_freedom;
    const n = meta && Number.isInteger(meta.app_cells) ? meta.app_cells : Infinity;
    return Math.min(n, panel.content.widgets.length);
  }

  const prompt = (cell) => (cell.promptNode ? cell.promptNode.textContent : "");
  const codeCells = (panel) =>
    panel.content.widgets.slice(0, appCells(panel)).filter((c) => c.model.type === "code");

  // code cells queued, running or run (their prompt shows [*] or [n])
  const started = (panel) => codeCells(panel).some((c) => /\[(\*|\d+)\]/.test(prompt(c)));
  const finished = (panel) => codeCells(panel).every((c) => /\[\d+\]/.test(prompt(c)));
  const failed = (panel) => codeCells(panel).some((c) => c.model.outputs &&
    Array.from({ length: c.model.outputs.length }, (_, i) => c.model.outputs.get(i))
      .some((o) => o.type === "error"));

  // Plotly's widget code (plotly.js inside, 4.9 MB), imported from the site while Python starts.
  // Every figure of the page waits for one shared copy of it in a page-wide slot
  // (freight_freedom/ui/plotly_bundle.py; the slot here is made alike); the kernel sends the same
  // file, but only once the app is built, and importing it then held the first drawing back by
  // about a second. If the site's copy fails, the kernel's copy is taken (fromKernel).
  const PLOTLY_SLOT = Symbol.for("freight_freedom.plotly_widget");

  function importText(code) {
    const url = URL.createObjectURL(new Blob([code], { type: "text/javascript" }));
    return import(url).then((module) => {
      URL.revokeObjectURL(url);
      return module.default;
    });
  }

  function preloadPlotly() {
    let file;
    try {
      const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
      file = ((config.litePluginSettings || {})[ID] || {}).plotlyWidget;
    } catch (e) {
      file = null;
    }
    if (!file) return; // not built with it: the kernel's copy, as in JupyterLab
    const slot = (globalThis[PLOTLY_SLOT] ??= (() => {
      let resolve;
      const loaded = new Promise((r) => { resolve = r; });
      return { loaded, resolve, started: false };
    })());
    if (slot.started) return;
    slot.started = true;
    const fromKernel = new Promise((resolve) => { slot.fromKernel = resolve; });
    slot.resolve(import(new URL(file, HERE).href).then((module) => module.default).catch((e) => {
      console.warn("[freight-freedom app mode] plotly comes from the kernel:", e);
      return fromKernel.then(importText);
    }));
  }

  // The app's kernel, started as soon as the plugin is active: about 1.5 s before the notebook
  // would start it (JupyterLab is still restoring its layout then), so Pyodide's download and
  // start overlap the page's own. The notebook then finds the session of its path running and
  // connects to it (SessionContext looks among the running sessions first; JupyterLite's
  // sessions are keyed by name, the notebook's file name). This connection leaves comms to the
  // notebook's (a second connection that handles them answers every widget's comm_open with a
  // comm_close: "model not found"), and is dropped once the notebook has its own.
  // Resolves to the session connection, or null (the notebook starts the kernel then).
  async function startKernelEarly(app, path) {
    try {
      const { sessions, kernelspecs } = app.serviceManager;
      await Promise.all([sessions.ready, kernelspecs.ready]);
      // the Pyodide kernel's spec is registered by its own plugin, maybe after this one's start
      for (let i = 0; i < 50 && !(kernelspecs.specs && kernelspecs.specs.default); i += 1) {
        await sleep(100);
        await kernelspecs.refreshSpecs();
      }
      const kernel = kernelspecs.specs && kernelspecs.specs.default;
      if (!kernel) return null;
      const name = path.split("/").pop();
      return await sessions.startNew({ path, name, type: "notebook", kernel: { name: kernel } },
                                     { kernelConnectionOptions: { handleComms: false } });
    } catch (e) {
      console.warn("[freight-freedom app mode] the kernel starts with the notebook:", e);
      return null;
    }
  }

  // the app's steps, said in the banner: the kernel (Pyodide and the wheels), then the cells
  async function runApp(app, path, early) {
    await app.restored; // the shell is on the page now
    preloadPlotly(); // its evaluation overlaps Pyodide's download and start, in the kernel's worker
    if (app.shell.menu && app.shell.menu.hide) app.shell.menu.hide();
    const say = banner(path);
    try {
      say("loading", "Loading Python for this browser (the first visit downloads about 45 MB)...");
      const panel = await until(() => {
        const w = app.shell.currentWidget;
        return w && w.sessionContext && w.content && w.content.widgets ? w : null;
      }, 60000, "the notebook");
      if (panel.toolbar && panel.toolbar.hide) panel.toolbar.hide();
      // an app, not a notebook: JupyterLab's shortcuts (x cut the app's cell, a added one,
      // Enter opened a text's source) stop at the body; JupyterLab listens on the document in
      // the bubbling phase, so every key still reaches the app's own widgets first
      document.body.addEventListener("keydown", (event) => event.stopPropagation());
      // the notebook opens a text's source on a double click: it never hears one here (the
      // browser's own double click, selecting a word, still works)
      panel.node.addEventListener("dblclick", (event) => event.stopPropagation(), true);
      await panel.context.ready;
      await panel.sessionContext.ready;
      // the notebook has its own connection now; if it started a kernel of its own (it found
      // none running yet), the early one goes: no second Python
      const mine = await early;
      const theirs = panel.sessionContext.session;
      if (mine && !mine.isDisposed) {
        if (theirs && mine.id !== theirs.id) await mine.shutdown().catch(() => undefined);
        mine.dispose();
      }
      await until(() => {
        const k = panel.sessionContext.session && panel.sessionContext.session.kernel;
        return k && k.status === "idle";
      }, KERNEL_WAIT_MS, "the kernel");
      say("running", "Starting the app...");
      // ?lang=es: the app's words in that language (the package reads FREIGHT_FREEDOM_LANG
      // when it first puts words on screen; an unknown language falls back to English)
      const lang = new URLSearchParams(window.location.search).get("lang");
      if (lang && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/.test(lang)) {
        const kernel = panel.sessionContext.session.kernel;
        await kernel.requestExecute({
          code: `import os; os.environ["FREIGHT_FREEDOM_LANG"] = "${lang}"`,
          silent: true, store_history: false,
        }).done;
      }
      const end = appCells(panel);
      panel.content.widgets.slice(end).forEach((c) => c.node.classList.add("ff-app-hidden"));
      for (let attempt = 0; attempt < 3 && !started(panel); attempt += 1) {
        app.shell.activateById(panel.id);
        if (end < panel.content.widgets.length) {
          panel.content.activeCellIndex = end; // then Run All Above: the app's cells only
          await app.commands.execute("notebook:run-all-above");
        } else {
          await app.commands.execute("notebook:run-all-cells");
        }
        try {
          await until(() => started(panel), START_WAIT_MS, "a first cell to run");
        } catch (e) {
          if (attempt === 2) throw e;
        }
      }
      await until(() => finished(panel) || failed(panel), KERNEL_WAIT_MS, "every cell");
      if (failed(panel)) {
        say("failed", "Something went wrong while starting the app: the message is below.");
      } else {
        say("done", "Ready.");
      }
    } catch (e) {
      say("failed", `${tr("The app did not start")} (${e.message}). ` +
          tr("Reload the page to try again."));
      console.warn("[freight-freedom app mode]", e);
    }
  }

  const plugin = {
    id: ID,
    description: "Open a notebook as an app: outputs only, run on opening (?app).",
    autoStart: true,
    requires: [],
    activate: (app) => {
      const params = new URLSearchParams(window.location.search);
      const path = params.get("path");
      if (!params.has("app") || !path) return;
      const style = document.createElement("style");
      style.textContent = CSS;
      document.head.append(style);
      document.body.classList.add("ff-app-mode");
      void runApp(app, path, startKernelEarly(app, path));
    },
  };

  const scope = (window._JUPYTERLAB = window._JUPYTERLAB || {});
  scope["freight-freedom-app-mode"] = {
    init: async () => undefined,
    get: async (module) => {
      if (module !== "./extension") throw new Error(`no module ${module}`);
      return () => ({ __esModule: true, default: [plugin] });
    },
  };
})();
