import json, re, time
import pytest
from uihelp import budget_ms, wait_until, ARTIFACTS
pytestmark = pytest.mark.ui

NBS = {"play_freedom.ipynb": ".ff-app .ff-figure .js-plotly-plot .main-svg",
       "freedom_walkthrough.ipynb": ".ff-lesson .js-plotly-plot .main-svg",
       "puzzles.ipynb": ".js-plotly-plot .main-svg",
       "play_slow_freight.ipynb": ".ff-app .ff-figure .js-plotly-plot .main-svg"}

SMALL = """(zoom) => {
  const out = {small: [], clipped: [], svgsmall: []};
  const roots = [...document.querySelectorAll('.jp-OutputArea-output')].filter(r => r.querySelector('.widget-box, .js-plotly-plot'));
  const seen = new Set();
  for (const root of roots) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const t = walker.currentNode; const el = t.parentElement; const txt = t.textContent.trim();
      if (!txt || !el || el.closest('svg')) continue;
      const r = el.getBoundingClientRect(); if (r.width === 0 || r.height === 0) continue;
      const fs = parseFloat(getComputedStyle(el).fontSize) * zoom;
      if (fs < 11.5) out.small.push(`${fs.toFixed(1)}px: ${txt.slice(0, 60)}`);
      for (let e = el; e && e !== root; e = e.parentElement) {
        const cs = getComputedStyle(e);
        if ((cs.overflowX === 'hidden' || cs.textOverflow === 'ellipsis') && e.scrollWidth > e.clientWidth + 1 && !seen.has(e)) {
          seen.add(e); out.clipped.push(`${e.className.toString().slice(0,40)}: ${e.textContent.trim().slice(0, 60)} (${e.scrollWidth}>${e.clientWidth})`);
        }
      }
    }
    for (const tx of root.querySelectorAll('svg text')) {
      const r = tx.getBoundingClientRect(); if (!tx.textContent.trim() || r.height === 0) continue;
      const fs = parseFloat(tx.style.fontSize || getComputedStyle(tx).fontSize);
      const ctm = tx.getScreenCTM(); const scale = ctm ? Math.hypot(ctm.a, ctm.b) : 1;
      const eff = fs * scale * zoom;
      if (eff < 9.5) out.svgsmall.push(`${eff.toFixed(1)}px: ${tx.textContent.trim().slice(0, 40)}`);
    }
  }
  out.small = [...new Set(out.small)]; out.svgsmall = [...new Set(out.svgsmall)];
  return out;
}"""

@pytest.mark.parametrize("zoom", [1.0, 0.8])
@pytest.mark.parametrize("nb", list(NBS))
def test_probe(browser, lab_server, nb, zoom):
    ctx = browser.new_context(viewport={"width": round(1366 / zoom), "height": round(768 / zoom)},
                              device_scale_factor=zoom)
    ctx.set_default_timeout(budget_ms(60_000))
    page = ctx.new_page()
    name = f"legib-{nb.removesuffix('.ipynb')}-{int(zoom*100)}"
    page.goto(f"{lab_server.url}/lab/workspaces/{name}/tree/{nb}?reset", timeout=budget_ms(90_000))
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=budget_ms(90_000))
    time.sleep(12)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile("^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile("^Run All Cells$")).click()
    page.locator(NBS[nb]).first.wait_for(timeout=budget_ms(180_000))
    time.sleep(6)
    target = page.locator(NBS[nb]).first
    target.evaluate("e => e.closest('.jp-OutputArea-output').scrollIntoView({block: 'start'})")
    time.sleep(2)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    res = page.evaluate(SMALL, zoom)
    print(f"\n=== {name}\n" + json.dumps(res, indent=1)[:4000])
    ctx.close()
