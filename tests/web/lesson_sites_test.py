#!/usr/bin/python3
"""Every built-in lesson's web site (sortscope-cli render --lesson NAME --web) in a real browser:
headless Chromium opens index.html from disk and the test presses PageDown through every stop,
checking each stop's scene, place, heading, narration, invariant, 0-1 verdict and lecturer's text
against what the CLI says for that scene's scenario (lesson_expectations.py), one picture per
scene against the CLI's PNG of the step (and a neighbouring step's PNG, which must not pass), and
failing on any console error, uncaught exception, failed load or request that is not a file of the
site. Run by ctest; by hand:

  /usr/bin/python3 -B tests/web/lesson_sites_test.py --cli build/release/app/sortscope-cli \\
      --source-dir . --work /tmp/web-lessons [--lessons networks,radix]
"""

import argparse
import base64
import concurrent.futures
import os
import re
import shutil
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chromium_pipe import Chromium, ChromiumError, find_chromium  # noqa: E402
from lesson_expectations import CliFailure, builtin_lesson_names, expect_lesson  # noqa: E402
from picture_diff import PictureDiff  # noqa: E402

# The site's pictures are GIFs of the CLI's PNGs, drawn 1:1 for the screenshot (picture_png):
# exact where a view has at most 256 colours, a median-cut palette where gradients have more. A
# pixel counts as different when no pixel within one of it in the other picture is within LEVEL
# in every channel; a picture matches the CLI's render when at most MATCH_SHARE of its pixels
# differ, and must not match the neighbouring step's render (another heading, highlights, keys).
# Measured on lavapipe, the 27 pictures of the 6 built-in lessons: 0 to 0.195% off the step's
# own render, 0.49% (a 0-1 scene's heading band) to 40% off the neighbouring step's.
LEVEL = 64
MATCH_SHARE = 0.003

# Every stop's words as the page shows them: the text of each element of the page that is shown.
_READ_STOP = """
(() => {
  const shown = (id) => {
    const e = document.getElementById(id);
    return e && !e.hidden && e.getClientRects().length > 0 ? e.textContent : "";
  };
  const picture = document.getElementById("picture");
  const out = {};
  for (const id of ["scene", "progress", "heading", "narration", "invariant", "check", "lecturer"])
    out[id] = shown(id);
  out.picture = !picture.hidden && picture.getAttribute("src") ? picture.getAttribute("src") : "";
  return out;
})()
"""


class PageWatch:
    """What the page under test did that it must not: console errors, uncaught exceptions, loads
    that failed, requests for anything but the site's own files."""

    def __init__(self):
        self.session, self.site_url, self.where = None, None, ""
        self.problems, self.requests = [], 0

    def on_event(self, session, method, params):
        if session != self.session:
            return
        if method == "Runtime.consoleAPICalled" and params["type"] in ("error", "assert"):
            text = " ".join(str(a.get("value", a.get("description", ""))) for a in params["args"])
            self.problems.append("%s: console.%s: %s" % (self.where, params["type"], text))
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            text = details.get("exception", {}).get("description", details.get("text"))
            self.problems.append("%s: uncaught exception: %s" % (self.where, text))
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            entry = params["entry"]
            self.problems.append("%s: %s error: %s %s" % (
                self.where, entry["source"], entry["text"], entry.get("url", "")))
        elif method == "Network.requestWillBeSent":
            self.requests += 1
            url = params["request"]["url"]
            if not url.startswith(self.site_url):
                self.problems.append("%s: a request off the site: %s" % (self.where, url[:200]))
        elif method == "Network.loadingFailed":
            self.problems.append("%s: a load failed: %s" % (self.where, params.get("errorText")))


class LessonPage:
    """The lesson's page in its own tab, watched from its first request."""

    def __init__(self, browser, watch, site, viewport):
        self.browser, self.watch = browser, watch
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.target = target
        self.session = browser.call("Target.attachToTarget",
                                    {"targetId": target, "flatten": True})["sessionId"]
        watch.session = self.session
        watch.site_url = "file://" + urllib.parse.quote(os.path.abspath(site)) + "/"
        for domain in ("Runtime", "Log", "Network", "Page"):
            self.call(domain + ".enable")
        self.call("Emulation.setDeviceMetricsOverride", {
            "width": viewport[0], "height": viewport[1], "deviceScaleFactor": 1, "mobile": False})
        self.url = watch.site_url + "index.html"

    def call(self, method, params=None):
        return self.browser.call(method, params, session=self.session)

    def load(self):
        """Opens the page afresh (the document before it marked, so as not to be taken for it)
        and waits until it shows its first stop."""
        self.evaluate("window.sortscopeTestOldPage = true")
        self.call("Page.navigate", {"url": self.url})
        self.wait_for("!window.sortscopeTestOldPage && document.readyState === 'complete' && "
                      "!!document.getElementById('heading') && "
                      "document.getElementById('heading').textContent !== ''")

    def evaluate(self, expression, await_promise=False):
        answer = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": await_promise})
        if "exceptionDetails" in answer:
            raise AssertionError("%s: %s" % (expression[:80], answer["exceptionDetails"]))
        return answer["result"].get("value")

    def wait_for(self, condition, seconds=20):
        deadline = time.monotonic() + seconds
        while not self.evaluate(condition):
            if time.monotonic() > deadline:
                raise AssertionError("the page never reached: " + condition)
            self.browser.pump(0.02)

    def press(self, key, code, key_code):
        """A real key press (the browser's input pipeline, as a keyboard's)."""
        for kind in ("rawKeyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", {"type": kind, "key": key, "code": code,
                                                 "windowsVirtualKeyCode": key_code,
                                                 "nativeVirtualKeyCode": key_code})

    def click(self, element_id):
        """A real mouse click at the element's centre: the user gesture Web Audio waits for."""
        box = self.evaluate("(() => { const r = document.getElementById(%r)"
                            ".getBoundingClientRect(); return [r.x + r.width / 2, "
                            "r.y + r.height / 2]; })()" % element_id)
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1],
                                                   "button": "left", "clickCount": 1})

    def picture_png(self):
        """A screenshot of the picture as the browser decodes and draws it, pinned for the moment
        to its own size and above the rest of the page: drawn scaled, its resampled edges would
        need a tolerance that also passes a changed glyph of the heading (measured: 0.8% of a 0-1
        scene's heading band either way). The page's own style is restored after."""
        box = self.evaluate("""(async () => {
          const picture = document.getElementById("picture");
          await picture.decode();
          picture.dataset.shownStyle = picture.getAttribute("style") || "";
          picture.style.cssText = "width: " + picture.naturalWidth + "px; height: " +
              picture.naturalHeight + "px; max-width: none; max-height: none; position: relative; "
              + "z-index: 100";
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          const r = picture.getBoundingClientRect();
          return [r.x + window.scrollX, r.y + window.scrollY, picture.naturalWidth,
                  picture.naturalHeight];
        })()""", await_promise=True)
        # Chromium snaps an image's top left corner to a whole pixel (the layout puts it at
        # fractions): the clip starts there.
        x, y, width, height = round(box[0]), round(box[1]), box[2], box[3]
        shot = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                    "clip": {"x": x, "y": y, "width": width,
                                                             "height": height, "scale": 1}})
        self.evaluate("""(() => {
          const picture = document.getElementById("picture");
          picture.setAttribute("style", picture.dataset.shownStyle);
          delete picture.dataset.shownStyle;
        })()""")
        return base64.b64decode(shot["data"])

    def close(self):
        self.browser.call("Target.closeTarget", {"targetId": self.target})


def stop_mismatches(expected, shown):
    """What the stop shows that it should not, as lines."""
    wrong = []

    def differs(what, want, got):
        wrong.append("%s: expected %r, the page shows %r" % (what, want, got))

    if shown["scene"] != expected.scene:
        differs("scene", expected.scene, shown["scene"])
    if expected.progress not in shown["progress"]:
        differs("progress", expected.progress, shown["progress"])
    if expected.heading is not None and shown["heading"] != expected.heading:
        differs("heading", expected.heading, shown["heading"])
    if expected.heading_pattern and not re.fullmatch(expected.heading_pattern, shown["heading"]):
        differs("heading (pattern)", expected.heading_pattern, shown["heading"])
    if expected.narration is not None and shown["narration"] != expected.narration:
        differs("narration", expected.narration, shown["narration"])
    if expected.narration_pattern and not re.fullmatch(expected.narration_pattern,
                                                       shown["narration"], re.DOTALL):
        differs("narration (pattern)", expected.narration_pattern, shown["narration"])
    for part in expected.narration_parts:
        if part not in shown["narration"]:
            differs("narration holding", part, shown["narration"])
    if not shown["narration"]:
        wrong.append("narration: none shown")
    if expected.words_from_cli:
        invariant = expected.invariant or ""
        if invariant.endswith("(") and not shown["invariant"].startswith(invariant):
            differs("invariant starting", invariant, shown["invariant"])
        elif not invariant.endswith("(") and shown["invariant"] != invariant:
            differs("invariant", invariant, shown["invariant"])
    if (expected.check or "") and expected.check not in shown["check"] or (
            not expected.check and shown["check"]):
        differs("0-1 verdict holding", expected.check, shown["check"])
    if shown["lecturer"] != expected.lecturer:
        differs("lecturer's text", expected.lecturer, shown["lecturer"])
    if bool(shown["picture"]) != expected.picture:
        differs("a picture", expected.picture, shown["picture"])
    return wrong


def compare_picture(diff, page, expected, where, report):
    """The stop's screenshot against the CLI's PNG of its step and of the step beside it: it must
    match the first and not the second (which shows that the tolerance would catch a wrong step).
    The screenshot is kept beside the PNGs (NAME.browser.png) when it does not match."""
    shot = page.picture_png()
    share = lambda png: diff.differing_share(shot, open(png, "rb").read(), LEVEL,
                                             expected.compared_rows)
    same = share(expected.reference)
    other = share(expected.neighbour) if expected.neighbour else None
    part = "" if expected.compared_rows == 1 else " (top %d%%)" % (100 * expected.compared_rows)
    line = "%s: %.3f%% of pixels%s differ from the CLI's render of the step" % (where, 100 * same,
                                                                                 part)
    if other is not None:
        line += ", %.2f%% from the neighbouring step's" % (100 * other)
    problems = []
    if same > MATCH_SHARE:
        problems.append("%s (more than %.2f%%)%s" % (
            line, 100 * MATCH_SHARE, "" if other is None or other > MATCH_SHARE
            else ": it shows the neighbouring step"))
        with open(expected.reference.replace(".png", ".browser.png"), "wb") as file:
            file.write(shot)
    elif other is not None and other <= MATCH_SHARE:
        problems.append(line + ": the tolerance cannot tell the step from its neighbour")
    report["pictures"].append(line)
    report["same"].append(same)
    report["neighbour"] += [] if other is None else [other]
    return problems


def sound_check(page):
    """With the page's sound button (id sound): one click, one step, Web Audio running and the
    step's tones counted on <body> (data-audio, data-tones). Returns problems and the number of
    tones scheduled."""
    page.load()
    if not page.evaluate("!!document.getElementById('sound')"):
        return ["sound: the page has no #sound button"], 0
    page.click("sound")
    page.press("PageDown", "PageDown", 34)
    try:
        page.wait_for("document.body.dataset.audio === 'running'", seconds=5)
    except AssertionError:
        pass
    audio = page.evaluate("[document.body.dataset.audio, document.body.dataset.tones]")
    problems = []
    if audio[0] != "running":
        problems.append("sound: after a click on #sound and a step, data-audio is %r, not "
                        "'running'" % audio[0])
    if audio[1] is None or not re.fullmatch(r"\d+", audio[1]):
        problems.append("sound: data-tones is %r, not a number of tones" % audio[1])
        return problems, 0
    return problems, int(audio[1])


# A page that does each thing PageWatch must catch, loaded before the lessons: a watch that
# misses one fails the test instead of passing every lesson unseen. Its request goes to the
# discard port of this machine, refused at once, never off it.
_MISBEHAVING_PAGE = """<!DOCTYPE html><html><body><img src="missing.gif"><script>
console.error("watch check");
fetch("http://127.0.0.1:9/watch-check").catch(() => {});
setTimeout(() => { throw new Error("watch check"); });
</script></body></html>"""
_MISBEHAVIOUR = ("console.error", "a request off the site", "uncaught exception",
                 "a load failed")


def check_the_watch(browser, watch, folder, viewport):
    """Problems if the watch misses one of the misbehaving page's faults."""
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "index.html"), "w") as page_file:
        page_file.write(_MISBEHAVING_PAGE)
    page = LessonPage(browser, watch, folder, viewport)
    watch.where = "the watch's own check"
    page.call("Page.navigate", {"url": page.url})
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not all(
            any(kind in problem for problem in watch.problems) for kind in _MISBEHAVIOUR):
        browser.pump(0.05)
    page.close()
    missed = [kind for kind in _MISBEHAVIOUR if not any(kind in p for p in watch.problems)]
    # What the page still reports (its refused request's log line, late) is no lesson's.
    watch.session, watch.problems, watch.requests = None, [], 0
    return ["the watch's own check: a page's %s went unseen" % kind for kind in missed]


_FRAME_MS = 1000 / 60
# N PageUp presses (keydown on the document, as the page listens), each timed with the style and
# layout it leaves for the next frame forced: [median, longest] in ms.
_TIME_KEYS_BACK = """(() => {
  const times = [];
  for (let i = 0; i < %d; i++) {
    const start = performance.now();
    document.dispatchEvent(new KeyboardEvent("keydown", {key: "PageUp", code: "PageUp",
                                                         bubbles: true}));
    void document.body.offsetHeight;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return [times[Math.floor(times.length / 2)], times[times.length - 1]];
})()"""


def check_lesson(browser, watch, diff, expected, viewport):
    """Walks the lesson's site; returns (problems, report)."""
    page = LessonPage(browser, watch, expected.site, viewport)
    report = {"stops": 0, "pictures": [], "same": [], "neighbour": [], "tones": 0, "key_ms": [0, 0]}
    problems = []
    watch.where = expected.name + " loading"
    page.load()
    for i, stop in enumerate(expected.stops):
        where = "%s stop %d of %d" % (expected.name, i + 1, len(expected.stops))
        watch.where = where
        if i > 0:
            page.press("PageDown", "PageDown", 34)
        shown = page.evaluate(_READ_STOP)
        if "stop %d of %d" % (i + 1, len(expected.stops)) not in shown["progress"]:
            problems.append("%s: the page shows %r" % (where, shown["progress"]))
        problems += ["%s: %s" % (where, line) for line in stop_mismatches(stop, shown)]
        if stop.reference:
            problems += compare_picture(diff, page, stop, where, report)
        report["stops"] += 1
    # Past the last stop PageDown changes nothing.
    watch.where = expected.name + " past the end"
    page.press("PageDown", "PageDown", 34)
    last = page.evaluate(_READ_STOP)["progress"]
    if "stop %d of %d" % (len(expected.stops), len(expected.stops)) not in last:
        problems.append("%s: PageDown at the last stop moved to %r" % (expected.name, last))
    # Back to the first stop, timing the page's own work for each key press (the handler, then
    # the style and layout it leaves for the frame), which must fit in a 60 Hz frame.
    watch.where = expected.name + " back by keys"
    report["key_ms"] = page.evaluate(_TIME_KEYS_BACK % len(expected.stops))
    # The typical press, not the longest, which a busy 2-core test machine stretches.
    if report["key_ms"][0] > _FRAME_MS:
        problems.append("%s: a key press took %.1f ms of the page's time (median), more than a "
                        "frame (%.1f ms)" % (expected.name, report["key_ms"][0], _FRAME_MS))
    first = page.evaluate(_READ_STOP)["progress"]
    if "stop 1 of %d" % len(expected.stops) not in first:
        problems.append("%s: PageUp back from the end reached %r" % (expected.name, first))
    watch.where = expected.name + " sound"
    sound_problems, report["tones"] = sound_check(page)
    problems += sound_problems
    browser.pump(0.05)  # the last events (a late picture load) in before the tab goes
    page.close()
    return problems, report


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cli", required=True)
    parser.add_argument("--source-dir", required=True)
    parser.add_argument("--work", required=True, help="a folder for the sites and renders")
    parser.add_argument("--lessons", help="comma-separated; default: every built-in lesson")
    parser.add_argument("--width", type=int, default=640)
    parser.add_argument("--height", type=int, default=360)
    parser.add_argument("--viewport", default="1280x800",
                        help="the browser's WxH; at 1280x800 a 640x360 picture is drawn unscaled")
    options = parser.parse_args()
    started = time.monotonic()
    viewport = tuple(int(v) for v in options.viewport.split("x"))

    chromium = find_chromium()
    if chromium is None:
        print("web lessons: FAILED: no chromium on PATH; scripts/install-deps.sh installs "
              "Debian's chromium, which this test drives headless")
        return 1
    names = options.lessons.split(",") if options.lessons else builtin_lesson_names(
        options.source_dir)
    shutil.rmtree(options.work, ignore_errors=True)

    totals = {"problems": [], "stops": 0, "pictures": 0, "same": [], "neighbour": [],
              "tones": 0}
    watch = PageWatch()
    # The CLI writes the next lessons' sites and renders while the browser checks this one.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool, \
            Chromium(chromium, *viewport, on_event=watch.on_event) as browser:
        futures = [pool.submit(expect_lesson, options.cli, options.source_dir, name,
                               os.path.join(options.work, name), options.width, options.height)
                   for name in names]
        try:
            check_all(browser, watch, names, futures, options.work, viewport, totals)
        except BaseException:
            pool.shutdown(cancel_futures=True)  # fail now, not after the sites still queued
            raise
    # Some lesson's first step sounds: a page that schedules no tone anywhere is silent.
    if not totals["tones"]:
        totals["problems"].append("sound: no lesson scheduled a tone on its first step")
        print("FAILED: sound: no lesson scheduled a tone on its first step after the click")
    print("web lessons: %d lessons, %d stops, %d pictures (at most %.3f%% of pixels off the "
          "step's render, at least %.2f%% off a neighbour's), %d problems, %.0f s" % (
              len(names), totals["stops"], totals["pictures"], 100 * max(totals["same"], default=0),
              100 * min(totals["neighbour"], default=0), len(totals["problems"]),
              time.monotonic() - started))
    return 1 if totals["problems"] else 0


def check_all(browser, watch, names, futures, work, viewport, totals):
    """The watch's own check, then each lesson as the CLI has written it, printed as it goes."""
    diff = PictureDiff(browser)
    totals["problems"] += check_the_watch(browser, watch, os.path.join(work, "watch-check"),
                                          viewport)
    for line in totals["problems"] or ["the watch's own check: a console error, an exception, a "
                                       "failed load and an off-site request, all seen"]:
        print(("FAILED: " if totals["problems"] else "") + line)
    for name, future in zip(names, futures):
        expected = future.result()
        begun = time.monotonic()
        problems, report = check_lesson(browser, watch, diff, expected, viewport)
        problems += watch.problems
        for line in report["pictures"]:
            print("  " + line)
        print("%s: %d stops, %d scenes, %d pictures compared, %d requests (the site's files), "
              "%s; CLI %.1f s, browser %.1f s" % (
                  name, report["stops"], expected.scenes, len(report["pictures"]),
                  watch.requests, "%d tones on a step after a click, a key press %.2f ms "
                  "(median; longest %.2f)" % (report["tones"], *report["key_ms"]),
                  expected.cli_seconds, time.monotonic() - begun))
        for line in problems:
            print("  FAILED: " + line)
        watch.problems, watch.requests = [], 0
        totals["problems"] += problems
        totals["stops"] += report["stops"]
        totals["pictures"] += len(report["pictures"])
        totals["same"] += report["same"]
        totals["neighbour"] += report["neighbour"]
        totals["tones"] += report["tones"]


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (CliFailure, ChromiumError, AssertionError) as error:
        print("web lessons: FAILED: %s" % error)
        sys.exit(1)
