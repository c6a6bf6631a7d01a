"""Two PNGs compared pixel by pixel inside the browser (decoded into a canvas in a tab of its own),
so the test needs no image library: the share of pixels, over the top `rows` share of the
picture, that have no pixel within `level` (in every channel) one pixel around them in the other
picture, either way: a resampled edge, a pixel off, passes; a changed glyph or bar does not."""

import base64
import json

_COMPARE = """
(async (first, second, level, rows) => {
  const load = async (png) => {
    const image = new Image();
    image.src = "data:image/png;base64," + png;
    await image.decode();
    return image;
  };
  const [a, b] = await Promise.all([load(first), load(second)]);
  if (a.naturalWidth !== b.naturalWidth || a.naturalHeight !== b.naturalHeight)
    return {size: [a.naturalWidth, a.naturalHeight, b.naturalWidth, b.naturalHeight]};
  const w = a.naturalWidth, h = Math.round(a.naturalHeight * rows);
  const pixels = (image) => {
    const canvas = new OffscreenCanvas(w, h);
    const context = canvas.getContext("2d", {willReadFrequently: true});
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, w, h).data;
  };
  const p = pixels(a), q = pixels(b);
  // Whether pixel (x, y) of `from` has a pixel within `level` in the 3x3 around (x, y) of `to`.
  const near = (from, to, x, y) => {
    const i = 4 * (y * w + x);
    for (let dy = -1; dy <= 1; ++dy) {
      for (let dx = -1; dx <= 1; ++dx) {
        const u = x + dx, v = y + dy;
        if (u < 0 || v < 0 || u >= w || v >= h) continue;
        const j = 4 * (v * w + u);
        if (Math.abs(from[i] - to[j]) <= level && Math.abs(from[i + 1] - to[j + 1]) <= level &&
            Math.abs(from[i + 2] - to[j + 2]) <= level)
          return true;
      }
    }
    return false;
  };
  let differing = 0;
  for (let y = 0; y < h; ++y)
    for (let x = 0; x < w; ++x)
      if (!near(p, q, x, y) || !near(q, p, x, y)) ++differing;
  return {size: [w, h], differing: differing / (w * h)};
})
"""


class PictureDiff:
    """Compares in one blank tab of `browser` (chromium_pipe.Chromium), apart from the pages
    under test, whose requests and console it leaves alone."""

    def __init__(self, browser):
        self._browser = browser
        target = browser.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self._session = browser.call("Target.attachToTarget",
                                     {"targetId": target, "flatten": True})["sessionId"]

    def differing_share(self, first_png, second_png, level, rows=1.0):
        """The share (0 to 1) of pixels differing by more than `level` in the top `rows` (0 to 1)
        of the pictures; ValueError if their sizes differ."""
        arguments = ", ".join(json.dumps(base64.b64encode(png).decode())
                              for png in (first_png, second_png))
        answer = self._browser.call("Runtime.evaluate", {
            "expression": "%s(%s, %d, %f)" % (_COMPARE, arguments, level, rows),
            "awaitPromise": True, "returnByValue": True}, session=self._session)
        if "exceptionDetails" in answer:
            raise RuntimeError("comparing pictures: %s" % answer["exceptionDetails"])
        result = answer["result"]["value"]
        if "differing" not in result:
            raise ValueError("the pictures' sizes differ: %dx%d and %dx%d" % tuple(result["size"]))
        return result["differing"]
