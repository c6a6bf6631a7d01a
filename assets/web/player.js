// Steps through a lesson written by sortscope-cli render --lesson ... --web: one stop at a time,
// with the app's keys (PageDown, Right, Space forward; PageUp, Left back; B blanks), buttons and
// swipes. The stop's number (from 1) is the URL's hash, so a link opens that stop. lesson.js
// sets window.SORTSCOPE_LESSON: a script, because browsers refuse to fetch a file of the folder
// into a page opened from disk.
// "play" (P) shows the steps between this stop and the next (play-NNN.gif, drawn by the app's
// renderer like the stops) and then the next stop. Sound: each step's tones, as the WAV export
// synthesises them, through the Web Audio API once the student turns it on (a browser starts
// audio only after a gesture). The page states what it does as attributes of <body>, for the
// browser test: data-audio ("off", or "running" once the AudioContext runs), data-tones (the
// tones scheduled for the step just shown) and data-play ("playing" or "idle").
(function () {
  "use strict";
  const lesson = window.SORTSCOPE_LESSON;
  const stops = lesson.stops;
  const byId = (id) => document.getElementById(id);
  const body = document.body;
  let current = -1;

  // ---- sound ----
  // A tone rises over the attack and falls over the release, as ToneTrack's add_tone shapes it
  // (shorter tones scale both down); lesson.js carries the two times.
  const envelope = lesson.envelope || { attack: 0.005, release: 0.02 };
  const AudioContextType = window.AudioContext || window.webkitAudioContext;
  let audio = null;
  let soundOn = false;
  let sounding = null; // the gain node of the step whose tones play now
  let brightWave = null;

  function audioRunning() {
    return soundOn && audio !== null && audio.state === "running";
  }

  function showAudioState() {
    body.dataset.audio = audioRunning() ? "running" : "off";
  }

  // The brighter timbre (a merge's list B): the sine with its second and third harmonics at
  // 0.6, 0.3 and 0.1, as tone_track.cpp mixes them, unnormalised.
  function brightTimbre() {
    if (brightWave === null)
      brightWave = audio.createPeriodicWave(new Float32Array([0, 0, 0, 0]),
                                            new Float32Array([0, 0.6, 0.3, 0.1]),
                                            { disableNormalization: true });
    return brightWave;
  }

  // The step before falls silent within a release, as the app cuts a step short.
  function silence() {
    if (sounding === null) return;
    const gain = sounding.gain, now = audio.currentTime;
    gain.cancelScheduledValues(now);
    gain.setValueAtTime(gain.value, now);
    gain.linearRampToValueAtTime(0, now + envelope.release);
    const group = sounding;
    setTimeout(() => group.disconnect(), 200);
    sounding = null;
  }

  // Plays a step's sound from now: {level, tones}, each tone [start_s, duration_s, frequency_hz,
  // gain, bright] (lesson.tone_fields names them).
  function playSound(sound) {
    if (!audioRunning() || !sound) return;
    silence();
    const group = audio.createGain();
    group.gain.value = sound.level; // the factor the WAV export's mix scales these tones by
    group.connect(audio.destination);
    const t0 = audio.currentTime + 0.01;
    for (const [startS, duration, frequency, gain, bright] of sound.tones) {
      const start = t0 + startS, end = start + duration;
      const attack = Math.min(envelope.attack, duration * 0.25);
      const release = Math.min(envelope.release, duration * 0.5);
      const oscillator = audio.createOscillator();
      oscillator.frequency.value = frequency;
      if (bright) oscillator.setPeriodicWave(brightTimbre());
      const shape = audio.createGain();
      shape.gain.setValueAtTime(0, start);
      shape.gain.linearRampToValueAtTime(gain, start + attack);
      shape.gain.setValueAtTime(gain, end - release);
      shape.gain.linearRampToValueAtTime(0, end);
      oscillator.connect(shape).connect(group);
      oscillator.start(start);
      oscillator.stop(end);
    }
    sounding = group;
    body.dataset.tones = String(sound.tones.length);
  }

  function toggleSound() {
    const button = byId("sound");
    soundOn = !soundOn;
    button.setAttribute("aria-pressed", String(soundOn));
    button.textContent = soundOn ? "sound on" : "sound off";
    if (!soundOn) {
      if (audio !== null) {
        silence();
        audio.suspend();
      }
      showAudioState();
      return;
    }
    if (audio === null) {
      audio = new AudioContextType();
      audio.addEventListener("statechange", showAudioState);
    }
    // The click is the gesture a browser waits for; the stop shown sounds at once.
    audio.resume().then(() => {
      showAudioState();
      if (!playing()) playSound(stops[current].sound);
    });
  }

  // ---- play: the steps between this stop and the next ----
  let playTimers = [];

  function playing() {
    return playTimers.length > 0;
  }

  function stopPlaying() {
    playTimers.forEach(clearTimeout);
    playTimers = [];
    body.dataset.play = "idle";
    byId("play").setAttribute("aria-pressed", "false");
  }

  let playCount = 0;
  function play() {
    if (playing()) {
      stopPlaying();
      show(current, true);
      return;
    }
    if (current >= stops.length - 1) return;
    const from = current, motion = stops[from].play;
    if (!motion) {
      show(from + 1);
      return;
    }
    body.dataset.play = "playing";
    byId("play").setAttribute("aria-pressed", "true");
    // A query of its own restarts the animation from its first frame each time.
    byId("picture").src = motion.picture + "?play=" + ++playCount;
    motion.steps.forEach((step, i) => {
      playTimers.push(setTimeout(() => {
        // The step's own words while it shows; the lecturer's belong to the stops.
        setText("heading", step.heading);
        setText("narration", step.narration);
        setVerdict("invariant", step.invariant, step.invariant_fails);
        setText("lecturer", "");
        playSound(step.sound);
      }, i * motion.step_ms));
    });
    playTimers.push(setTimeout(() => {
      stopPlaying();
      show(from + 1);
    }, motion.steps.length * motion.step_ms));
  }

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

  // A full-speed stop's measurements, with the device and when they were taken.
  function showTiming(timing) {
    const table = byId("timing");
    table.hidden = !timing;
    if (!timing) return;
    const rows = [
      ["keys", timing.n.toLocaleString("en") + " " + timing.key_type],
      ["GPU, " + timing.algorithm, timing.gpu_ms.toFixed(3) + " ms (" +
                                   timing.gkeys_per_s.toPrecision(3) + " Gkeys/s)"],
      ["std::sort, one core", timing.std_sort_ms.toFixed(1) + " ms"],
      ["std::sort, every core", timing.std_sort_all_cores_ms.toFixed(1) + " ms"],
    ];
    const tbody = byId("timing-rows");
    tbody.replaceChildren();
    for (const [name, value] of rows) {
      const row = tbody.insertRow();
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = name;
      row.appendChild(th);
      row.insertCell().textContent = value;
    }
    byId("measured").textContent =
      "Measured on " + timing.device + " (driver " + timing.driver + ") on " + timing.measured +
      ", when this site was built; the GPU's time is the median of " + timing.gpu_runs + " runs.";
  }

  function show(index, again) {
    index = clamp(index);
    if (playing()) stopPlaying();
    if (index === current && !again) return;
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
    showTiming(stop.timing);
    byId("back").disabled = index === 0;
    byId("next").disabled = index === stops.length - 1;
    byId("play").disabled = index === stops.length - 1;
    playSound(stop.sound);
    const hash = "#" + (index + 1);
    if (location.hash !== hash) history.replaceState(null, "", hash);
    preload(index + 1);
    preload(index - 1);
    if (stop.play) new Image().src = stop.play.picture;
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
      case "p":
      case "P":
        play();
        break;
      default:
        return;
    }
    event.preventDefault();
  });
  byId("next").addEventListener("click", () => step(1));
  byId("back").addEventListener("click", () => step(-1));
  byId("blank-button").addEventListener("click", toggleBlank);
  byId("play").addEventListener("click", play);
  if (AudioContextType) {
    byId("sound").addEventListener("click", toggleSound);
  } else {
    byId("sound").disabled = true;
    byId("sound").title = "this browser has no Web Audio";
  }
  body.dataset.audio = "off";
  body.dataset.play = "idle";
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
