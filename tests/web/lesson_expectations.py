"""What a built-in lesson's web site must show, found without reading the site: the lesson's TOML
file (assets/lessons) gives each scene's scenario and stops; sortscope-cli run --narrate --json
gives each step's heading and narration for that scenario, sortscope-cli verify a scene's 0-1
verdict, and sortscope-cli render --steps the pictures of one stop per scene and of the step
before it (or after it, for the input), so the test can show that a wrong step would fail."""

import json
import os
import re
import subprocess
import time
import tomllib
from dataclasses import dataclass, field


@dataclass
class ExpectedStop:
    scene: str
    progress: str                  # "scene 2 of 7, stop 3 of 5"
    heading: str = None            # exact, or None: heading_pattern instead
    heading_pattern: str = None    # a regular expression the whole heading matches
    narration: str = None          # exact, or None: narration_parts instead
    narration_parts: list = field(default_factory=list)  # texts the narration holds
    narration_pattern: str = None  # a regular expression the whole narration matches
    invariant: str = None          # "Holds: ..." exactly, or "Does not hold: ...(" as its start
    words_from_cli: bool = True    # False: a replay's, shown as written (no CLI tells them)
    check: str = None              # a text the 0-1 verdict holds, or None: no verdict shown
    lecturer: str = ""
    picture: bool = True
    reference: str = None          # the CLI's PNG of this stop, for one stop per scene
    neighbour: str = None          # the CLI's PNG of the step beside it
    # The share of the picture (from its top) that the CLI's render can match. A 0-1 scene's
    # pictures hold the verdict under the wire diagram, which render has no option to draw, and
    # the line gives the views less height: there only the heading and the scenario's line with
    # the step's counts (the top 65 of 360 rows) can be compared.
    compared_rows: float = 1.0


@dataclass
class LessonExpectation:
    name: str
    site: str                      # the folder the CLI wrote the site into
    stops: list
    scenes: int
    cli_seconds: float = 0.0


# OneSweep's tiles run in whatever order the GPU schedules them, so how far each looked back (and
# whether one fell back) differs from run to run: the narration's lookback sentence and what
# follows it, and the tile strip under the bars in the tiles view (below the top 62% of the
# picture, which holds the heading, the keys and the legends).
_LOOKBACK = re.compile(r" (No tile had to look back|Tile \d+ looked back furthest)")
_ABOVE_TILE_STRIP = 0.62


def lookback_pattern(narration):
    """The narration as a pattern that takes any run's lookback sentences, or None if it has
    none."""
    found = _LOOKBACK.search(narration)
    if not found:
        return None
    return re.escape(narration[:found.start()]) + _LOOKBACK.pattern + ".*"


class CliFailure(RuntimeError):
    pass


def builtin_lesson_names(source_dir):
    folder = os.path.join(source_dir, "assets", "lessons")
    return sorted(f[:-5] for f in os.listdir(folder) if f.endswith(".toml"))


def run_cli(cli, args, ok_codes=(0,)):
    result = subprocess.run([cli] + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    if result.returncode not in ok_codes:
        raise CliFailure("sortscope-cli %s: exit %d\n%s" % (" ".join(args), result.returncode,
                                                            result.stdout[-3000:]))
    return result.stdout


def scenario_args(scene, keys_file):
    """The scene's scenario as sortscope-cli run/render options (as the lesson file names them)."""
    args = ["--algo", scene["algorithm"]]
    if "keys" in scene:
        with open(keys_file, "w") as out:
            out.write("".join("%s\n" % key for key in scene["keys"]))
        args += ["--input", keys_file]
    options = {"n": "--n", "type": "--type", "input": "--dist", "seed": "--seed",
               "tile_keys": "--tile-keys", "delay_tile": "--delay-tile", "disable": "--disable"}
    for name, option in options.items():
        if name in scene:
            args += [option, str(scene[name])]
    for name in ("pairs", "descending", "phases", "delay_late"):
        if scene.get(name):
            args.append("--" + name.replace("_", "-"))
    return args


def narrated_steps(cli, args):
    """run --narrate --json: the step lines by position (from 1), and the summary."""
    steps, summary = {}, None
    # Exit 1, not sorted, is a broken network's scene telling what its layers did.
    output = run_cli(cli, ["run"] + args + ["--narrate", "--json"], ok_codes=(0, 1))
    for line in output.splitlines():
        if not line.startswith("{"):
            continue
        record = json.loads(line)
        if "narration" in record:
            steps[record["step"]] = record
        else:
            summary = record
    return steps, summary


def stop_positions(scene, positions):
    """The scene's stops as positions (steps applied), as the lesson file gives them."""
    stops = scene.get("stops", "all")
    if stops == "all":
        return list(range(positions + 1))
    if isinstance(stops, str):
        first, last = stops.split("..")
        return list(range(int(first), int(last) + 1))
    return [stop if stop >= 0 else positions + 1 + stop for stop in stops]


def lecturer_words(scene, position, first_stop):
    """The scene's text at its first stop, a note's text at its step (lesson_stop_words)."""
    words, replacement = scene.get("text", "") if first_stop else "", None
    for note in scene.get("note", []):
        if note["step"] == position:
            if note.get("replace"):
                replacement = note["text"]
            else:
                words += ("\n" if words else "") + note["text"]
    return words, replacement


def invariant_sentence(invariant):
    if invariant is None:
        return None
    if invariant["holds"]:
        return "Holds: %s." % invariant["text"]
    return "Does not hold: %s (" % invariant["text"]


def zero_one_verdict(cli, args, n):
    """sortscope-cli verify's verdict as the site words it: what the 0-1 check line must hold."""
    # verify runs every 0-1 input itself and refuses --input: the scene's keys give it n alone.
    if "--input" in args:
        at = args.index("--input")
        args = args[:at] + args[at + 2:] + ["--n", str(n)]
    result = subprocess.run([cli, "verify"] + args, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    if result.returncode == 0:
        return "sorts all 2^%d inputs of 0s and 1s" % n
    found = re.search(r"fails on input ([01 ]+) \(", result.stdout)
    if result.returncode != 1 or not found:
        raise CliFailure("sortscope-cli verify %s: exit %d\n%s" % (
            " ".join(args), result.returncode, result.stdout))
    return "does NOT sort: it fails on the 0-1 input " + found.group(1).replace(" ", "")


def reference_pictures(cli, args, position, last, folder, frame, race):
    """The CLI's PNG of the stop and of the neighbouring step (the one before, or for the input
    the one after): one render --steps, or with a race (which draws one step at a time) two
    render --step."""
    neighbour = position - 1 if position > 0 else min(position + 1, last)
    picture = lambda p: os.path.join(folder, "step-%04d.png" % p)
    if race:
        for p in {position, neighbour}:
            run_cli(cli, ["render"] + args + frame + race + ["--step", str(p), "--out", picture(p)])
    else:
        first, second = sorted((position, neighbour))
        run_cli(cli, ["render"] + args + frame + ["--steps", "%d..%d" % (first, second),
                                                  "--out", folder + "/"])
    return picture(position), picture(neighbour) if neighbour != position else None


def picture_stop(stops):
    """The stop compared with the CLI's render: the scene's middle one, past the input if it can."""
    later = [k for k, p in enumerate(stops) if p > 0] or list(range(len(stops)))
    return later[len(later) // 2]


def expect_step_words(stop, scene, steps, summary, position):
    """The heading, narration and verdict of a stop at `position` of a sorting scene, as run
    --narrate --json tells them (the input's: its numbers)."""
    if position == 0:
        stop.heading = "input, %d steps to go" % summary["steps"]
        stop.narration_parts = ["The input: %d key" % summary["n"], "%s sorts them in %d step" % (
            summary["algorithm"], summary["steps"])]
        return
    step = steps[position]
    stop.heading = "step %s of %d: %s" % (step["step_number"], summary["steps"], step["title"])
    stop.narration = step["narration"]
    if scene["algorithm"] == "onesweep" and lookback_pattern(stop.narration):
        stop.narration, stop.narration_pattern = None, lookback_pattern(stop.narration)
    stop.invariant = invariant_sentence(step.get("invariant"))


def expect_scene(cli, source_dir, scene, place, folder, frame):
    """What each stop of the scene must show; `place` is (its number from 1, the scene count)."""
    os.makedirs(folder, exist_ok=True)
    title = scene.get("title", "scene %d" % place[0])
    view = ["--view", scene.get("view", "both")]
    if "replay" in scene:
        replay = os.path.join(source_dir, "assets", "replays", scene["replay"] + ".json")
        args, positions, steps = ["--replay", replay], 5, None
    else:
        args = scenario_args(scene, os.path.join(folder, "keys.txt"))
        steps, summary = narrated_steps(cli, args)
        positions = len(steps)
    shown = stop_positions(scene, positions)
    full_speed = scene.get("full_speed") or "full_speed_n" in scene
    pages = len(shown) + (1 if full_speed else 0)
    progress = lambda k: "scene %d of %d, stop %d of %d" % (place[0], place[1], k + 1, pages)
    check = zero_one_verdict(cli, args, summary["n"]) if scene.get("check") == "0-1" else None
    compared = picture_stop(shown)
    stops = []
    for k, position in enumerate(shown):
        lecturer, replacement = lecturer_words(scene, position, k == 0)
        stop = ExpectedStop(scene=title, progress=progress(k), lecturer=lecturer, check=check)
        if steps is None:  # a recorded sample sort: its narration is the replay's own
            stop.heading_pattern = r".*\(step %d of 5\)" % position
            stop.words_from_cli = False
        else:
            expect_step_words(stop, scene, steps, summary, position)
        if replacement is not None:
            stop.narration, stop.narration_parts, stop.narration_pattern = replacement, [], None
        if k == compared:
            race = ["--race", scene["race"], "--race-sync", "steps"] if "race" in scene else []
            stop.compared_rows = 0.18 if check else 1.0
            if steps is not None and scene["algorithm"] == "onesweep" and view[1] == "tiles":
                stop.compared_rows = _ABOVE_TILE_STRIP
            stop.reference, stop.neighbour = reference_pictures(
                cli, args + view, position, positions, folder, frame, race)
        stops.append(stop)
    if full_speed:  # the full-speed page: timings, no picture
        stops.append(ExpectedStop(
            scene=title, progress=progress(pages - 1), heading_pattern=r"full speed: \d+ keys",
            narration_parts=[" ms on %s (" % summary["device"], "std::sort takes "],
            picture=False))
    return stops


def expect_lesson(cli, source_dir, name, work, width, height):
    """Writes the lesson's site with the CLI and works out what each of its stops must show."""
    started = time.monotonic()
    os.makedirs(work, exist_ok=True)
    with open(os.path.join(source_dir, "assets", "lessons", name + ".toml"), "rb") as file:
        scenes = tomllib.load(file)["scene"]
    frame = ["--width", str(width), "--height", str(height)]
    site = os.path.join(work, "site")
    run_cli(cli, ["render", "--lesson", name, "--web", "--out", site + "/"] + frame)
    stops = []
    for s, scene in enumerate(scenes):
        stops += expect_scene(cli, source_dir, scene, (s + 1, len(scenes)),
                              os.path.join(work, "scene-%d" % (s + 1)), frame)
    return LessonExpectation(name=name, site=site, stops=stops, scenes=len(scenes),
                             cli_seconds=time.monotonic() - started)
