// Steps through a lesson written by sortscope-cli render --lesson ... --web: one stop at a time,
// with the app's keys (PageDown, Right, Space forward; PageUp, Left back; B blanks), buttons and
// swipes. The stop's number (from 1) is the URL's hash, so a link opens that stop. lesson.js
// sets window.SORTSCOPE_LESSON: a script, because browsers refuse to fetch a file of the folder
// into a page opened from disk.
(function () {
  "use strict";
  const stops = window.SORTSCOPE_LESSON.stops;
  const byId = (id) => document.getElementById(id);
  let current = -1;

  function clamp(index) {
    return Math.max(0, Math.min(stops.length - 1, index));
  }

  function indexFromHash() {
    const number = parseInt(location.hash.slice(1), 10);
    return Number.isFinite(number) ? clamp(number - 1) : 0;
  }

  function setText(id, text) {
    const element = byId(id);
    element.textContent = text;
    element.hidden = !text;
  }

  function setVerdict(id, text, fails) {
    setText(id, text);
    byId(id).className = "verdict " + (fails ? "fails" : "holds");
  }

  // The neighbours' pictures are fetched ahead, so a key press shows the next stop at once.
  function preload(index) {
    if (index >= 0 && index < stops.length && stops[index].picture)
      new Image().src = stops[index].picture;
  }

  function show(index) {
    index = clamp(index);
    if (index === current) return;
    current = index;
    const stop = stops[index];
    setText("scene", stop.scene);
    setText("progress", stop.progress + "  |  stop " + (index + 1) + " of " + stops.length);
    setText("heading", stop.heading);
    setText("scenario", stop.scenario);
    const picture = byId("picture");
    picture.hidden = !stop.picture;
    document.querySelector("main").classList.toggle("words-only", !stop.picture);
    if (stop.picture) {
      picture.src = stop.picture;
      picture.alt = stop.heading;
    } else {
      picture.removeAttribute("src");
    }
    setText("narration", stop.narration);
    setVerdict("invariant", stop.invariant, stop.invariant_fails);
    setVerdict("check", stop.check, stop.check_fails);
    setText("lecturer", stop.lecturer);
    byId("back").disabled = index === 0;
    byId("next").disabled = index === stops.length - 1;
    const hash = "#" + (index + 1);
    if (location.hash !== hash) history.replaceState(null, "", hash);
    preload(index + 1);
    preload(index - 1);
  }

  function step(delta) {
    show(current + delta);
  }

  function toggleBlank() {
    const blank = byId("blank");
    blank.hidden = !blank.hidden;
  }

  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case "PageDown":
      case "ArrowRight":
      case " ":
        step(1);
        break;
      case "PageUp":
      case "ArrowLeft":
        step(-1);
        break;
      case "b":
      case "B":
        toggleBlank();
        break;
      default:
        return;
    }
    event.preventDefault();
  });
  byId("next").addEventListener("click", () => step(1));
  byId("back").addEventListener("click", () => step(-1));
  byId("blank-button").addEventListener("click", toggleBlank);
  byId("blank").addEventListener("click", toggleBlank);

  // A horizontal swipe steps: left for the next stop, right for the one before.
  let touchX = null;
  document.addEventListener("touchstart", (event) => {
    touchX = event.touches.length === 1 ? event.touches[0].clientX : null;
  }, { passive: true });
  document.addEventListener("touchend", (event) => {
    if (touchX === null) return;
    const dx = event.changedTouches[0].clientX - touchX;
    touchX = null;
    if (Math.abs(dx) > 60) step(dx < 0 ? 1 : -1);
  }, { passive: true });

  window.addEventListener("hashchange", () => show(indexFromHash()));
  show(indexFromHash());
})();
