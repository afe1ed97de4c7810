#!/usr/bin/env python3
"""Inform 7 documentation examples, compiled and explored as a player would: transcript + truth.

    VENV/bin/python play_examples.py SRC_DIR OUT [--work DIR] [--max-steps N]

SRC_DIR holds Inform 7 documentation example files (`Name.txt`, as in the Inform repository's
`resources/Documentation/Examples/`: a header, prose, and the source indented by one tab after a
line `{*}"Title"`, continued in blocks that start `{**}`). For each file the script takes the
source out (tabs kept: Inform 7 block structure depends on them), appends a probe (PROBE_VERB,
an out-of-world action: the location's object number and printed name, and for each direction
that leads somewhere, the room or door it leads to), compiles it with the Inform 7 6M62 of
PyPI's textworld (make_games.py's `compile_game`) and explores it through jericho: the player
walks every way the probe lists, walks through unlocked doors (now and then typing `open DOOR`
first), comes back along the ways already walked, and adds a player's noise (`look`,
`inventory`, `examine` a thing, a move into a wall, `out` where no way is called out).
Deterministic per example (the random choices are seeded with the file name).

Writes OUT/<name>/<name>.transcript.txt (banner + `>command` + reply, no status line),
<name>.edges.json (every move walked, from the probe before and after it, rooms by their
printed names), <name>.locations.json (the printed names of every room of the game),
<name>.meta.json (what was walked), and OUT/summary.json (the examples skipped and why: no
source, no compile, fewer than --min-rooms rooms reached, 3 by default). Nothing is downloaded.
"""
import argparse
import json
import os
import random
import re
import sys
import tempfile
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_games import clean, compile_game, i7_home, truth_edges, write_game  # noqa: E402

PROBE_VERB = "zzprobe"
ROOMS_VERB = "zzrooms"
# The probe, appended to each example's source. Names start "zz" so that no example's own
# names clash with them. `the room D from R` is nothing when a door stands in that way, so a
# door is asked for separately; its state says whether the player can walk it.
PROBE = f"""

Section - Map probe (not for release)

To decide what number is the zzid of (O - an object): (- {{O}} -).

Zzprobing is an action out of world applying to nothing. Understand "{PROBE_VERB}" as zzprobing.

Carry out zzprobing:
	say "@@PROBE [zzid of the location]|[printed name of the location]|";
	repeat with zzdir running through directions:
		let zzroom be the room zzdir from the location;
		let zzdoor be the door zzdir from the location;
		if zzroom is a room:
			say "[zzdir]=R[zzid of zzroom];";
		otherwise if zzdoor is a door:
			say "[zzdir]=D[zzid of zzdoor]:[if zzdoor is locked]locked[otherwise if zzdoor is open]open[otherwise]closed[end if]:[printed name of zzdoor];";
	say "|";
	repeat with zzthing running through things in the location:
		if zzthing is not the player and zzthing is not a door:
			say "[printed name of zzthing];";
	say "@@".

Zzlisting is an action out of world applying to nothing. Understand "{ROOMS_VERB}" as zzlisting.

Carry out zzlisting:
	repeat with zzplace running through rooms:
		say "@@ROOM [zzid of zzplace]|[printed name of zzplace]@@".
"""
END_QUESTION = "Would you like to RESTART, RESTORE a saved game"  # Inform's end-of-story prompt
PROBE_RE = re.compile(r"@@PROBE (\d+)\|(.*?)\|(.*?)\|(.*?)@@", re.S)
ROOM_RE = re.compile(r"@@ROOM (\d+)\|(.*?)@@", re.S)

DIRECTIONS = ["north", "south", "east", "west", "northeast", "northwest", "southeast",
              "southwest", "up", "down", "inside", "outside"]
ABBR = {"north": "n", "south": "s", "east": "e", "west": "w", "northeast": "ne",
        "northwest": "nw", "southeast": "se", "southwest": "sw", "up": "u", "down": "d",
        "inside": "in", "outside": "out"}
LABEL = {"inside": "in", "outside": "out"}  # the truth's label for a way, as make_games.py

# Weights of the player (each a probability per move; chosen to match make_games.py's player so
# the two sets read alike)
P_NOISE = 0.3         # a command that is not a planned move, before a move
P_OPEN_FIRST = 0.3    # the player types `open DOOR` before walking through a closed door (else
#                       the game opens it: "(first opening the church door)")
P_OWN_WORD = 0.5      # a move typed with the example's own word for the way (`Understand
#                       "white" as north`), where it has one
GAME_SEED = 7         # the Z-machine's random seed, fixed so a set can be made again exactly
MAX_STEPS = 400       # a transcript's length bound (the examples have 3 to 20 rooms)


def extract_source(text):
    """The example's first program: its first block (tab-indented lines from the `{*}` line on)
    and every later block marked `{**}`, one tab taken off each line and the marks removed;
    blocks apart by prose get a blank line between them (a paragraph break, as Inform 7 needs).
    A tab-indented block without a mark is an illustration in the prose, not part of the
    program. None when there is no `{*}` line."""
    lines = text.replace("\r", "").split("\n")
    start = next((i for i, ln in enumerate(lines) if ln.startswith("\t{*}")), None)
    if start is None:
        return None
    out, keep = [], True
    for i, ln in enumerate(lines[start:]):
        if i and ln.startswith("\t{*}"):  # a second program in the same example
            break
        if not ln.strip():  # an empty line inside a block (some examples have no tab there)
            if keep:
                out.append("")
            continue
        if not ln.startswith("\t"):
            keep = None  # prose: the next block is kept only if it is marked {**}
            if out and out[-1] != "":
                out.append("")
            continue
        body = ln[1:]
        if keep is None:
            keep = body.startswith("{**}")
        if keep:
            out.append(re.sub(r"^\{\*\*?\}", "", body))
    return "\n".join(out).rstrip() + "\n"


def own_words(src):
    """The example's own words for ways: `Understand "white" and "sac" as north.`, and for
    its own directions (`Forward is a direction. ... Understand "f" as forward.`)."""
    own_dirs = {m.lower() for m in re.findall(r"(?m)^\s*([A-Za-z][\w ]*?) is a direction\.",
                                               src)}
    words = {}
    for m in re.finditer(r'Understand ((?:"[^"]+"(?:,| and| or|, and)?\s*)+) as ([\w ]+?)\s*\.',
                         src):
        d = m.group(2).lower().removeprefix("the ")
        if d in DIRECTIONS or d in own_dirs:
            for w in re.findall(r'"([^"\[\]]+)"', m.group(1)):
                if " " not in w and "/" not in w:
                    words.setdefault(d, []).append(w)
    return words


class Explorer:
    """A player who walks every way the probe lists and comes back along known ways."""

    def __init__(self, env, rng, words):
        self.env, self.rng, self.words = env, rng, words
        self.lines, self.moves = [], []   # transcript blocks; (step, src, dst, label)
        self.steps = 0
        self.where = None
        self.names = {}                   # room id -> printed name
        self.exits = {}                   # room id -> {dir: ("R", id) | ("D", id, state, name)}
        self.things = {}                  # room id -> [thing names]
        self.known = {}                   # (room, dir) -> room reached by walking it
        self.tried = set()                # (room, dir) walked or given up
        self.noise = {}
        self.done = False
        self.start_room = None
        self.rooms = {}                   # room id -> printed name, listed before play
        self.bump = False                 # the start room lists no way: try the compass

    def probe(self):
        obs, *_ = self.env.step(PROBE_VERB)
        m = PROBE_RE.search(obs)
        if not m:
            return self.where
        rid = int(m.group(1))
        self.names[rid] = m.group(2).strip()
        exits = {}
        for part in m.group(3).split(";"):
            if "=" not in part:
                continue
            d, what = part.split("=", 1)
            d = d.strip().lower()  # an example's own direction prints as written: "Backward"
            if what.startswith("R"):
                exits[d] = ("R", int(what[1:]))
            elif what.startswith("D"):
                did, state, name = (what[1:].split(":", 2) + ["", ""])[:3]
                exits[d] = ("D", int(did), state, name)
        self.exits[rid] = exits
        self.things[rid] = [t for t in m.group(4).split(";") if t.strip()]
        return rid

    def all_rooms(self):
        obs, *_ = self.env.step(ROOMS_VERB)
        return {int(i): n.strip() for i, n in ROOM_RE.findall(obs)}

    def start(self):
        obs, _ = self.env.reset()
        self.lines.append(clean(obs))
        # Every room, listed now: once the story has ended (a death) the game answers nothing.
        self.rooms = self.all_rooms()
        self.where = self.probe()
        self.start_room = self.where
        # A map made as the player walks (a rule that makes an exit when a way is tried: All
        # Roads Lead to Mars) lists no way from the start room: then the compass ways not
        # listed are tried too, from every room reached, once each.
        self.bump = not self.exits.get(self.where)
        # A player's first command: pick up what lies about (a lantern lights the way on).
        self.do("take all")

    def do(self, cmd, way=None):
        obs, _, done, _ = self.env.step(cmd)
        self.steps += 1
        self.lines.append(f">{cmd}\n{clean(obs)}")
        # jericho misses some endings (Lethal Concentration's "end the story" in an every turn
        # rule): Inform's final question says the story is over whatever the game's words.
        if done or END_QUESTION in obs:
            self.done = True
            return
        src = self.where
        now = self.probe()
        if now != src:
            label = self.label(src, now, way, cmd)
            self.moves.append((self.steps, src, now, label))
            d = {"in": "inside", "out": "outside"}.get(label, label)
            if d in self.exits.get(src, {}):
                self.known[(src, d)] = now
            elif self.bump and way:  # a way the game made as it was tried
                self.known[(src, way)] = now
        self.where = now

    def label(self, src, dst, way, cmd):
        """The truth's label of a move from src to dst: the way typed when the probe listed it
        from src (even if it led elsewhere: a random or changed exit), else the one way the
        probe listed from src to dst (`out` answered "(that is, west)" is a move west), else
        the typed word."""
        ex = self.exits.get(src, {})
        e = ex.get(way) if way else None
        if e:  # a listed way: where it led is the game's doing (a random or changed exit)
            return LABEL.get(way, way)
        leading = [d for d, e in ex.items() if e[0] == "R" and e[1] == dst]
        if len(leading) == 1:
            return LABEL.get(leading[0], leading[0])
        if way:
            return LABEL.get(way, way)
        return cmd

    def type_way(self, d):
        rng = self.rng
        if d in self.words and rng.random() < P_OWN_WORD:
            return rng.choice(self.words[d])
        if d not in ABBR:  # an example's own direction: its name as printed
            return d
        roll = rng.random()  # the letter half the time, the word 35%, `go WORD` 15%
        if roll < 0.5:
            return ABBR[d]
        word = LABEL.get(d, d)
        return word if roll < 0.85 else "go " + word

    def chatter(self):
        rng = self.rng
        if rng.random() >= P_NOISE or self.done:
            return
        r = self.where
        ex = self.exits.get(r, {})
        # The kinds of noise equally often: `look`, `inventory`, a move into a wall (an
        # example may answer it with a move: "(that is, north)"), `examine` a thing, and `out`
        # (or `in`) where the probe lists no such way, as a player leaving a dead end types.
        kind = rng.choice(["look", "inventory", "wall", "examine", "out"])
        free = [d for d in ("outside", "inside") if d not in ex]
        if kind == "out" and free:
            self.do(rng.choice({"outside": ["out", "exit", "go out"],
                                "inside": ["in", "go in"]}[free[0]]))
        elif kind == "wall":
            walls = [d for d in DIRECTIONS[:10] if d not in ex]
            if walls:
                self.do(self.type_way(rng.choice(walls)))
        elif kind == "examine" and self.things.get(r):
            self.do("examine " + rng.choice(self.things[r]))
        elif kind in ("look", "inventory"):
            # the full word more often than the letter, as make_games.py's player
            self.do(kind if rng.random() < 0.7 else kind[0])
        else:
            return
        self.noise[kind] = self.noise.get(kind, 0) + 1

    def walk(self, d):
        """Take way d from here: open its door first now and then (a locked door is left)."""
        e = self.exits.get(self.where, {}).get(d)
        if e and e[0] == "D":
            if e[2] == "locked":
                self.tried.add((self.where, d))
                return
            if e[2] == "closed" and e[3] and self.rng.random() < P_OPEN_FIRST:
                self.do(f"open {e[3]}")
        here = self.where
        self.do(self.type_way(d), d)
        self.tried.add((here, d))
        self.chatter()

    def route(self, goal_test):
        """Ways already walked from here to the nearest room passing goal_test (breadth
        first), or None."""
        prev, frontier = {self.where: None}, [self.where]
        while frontier:
            nxt = []
            for r in frontier:
                if goal_test(r):
                    path = []
                    while prev[r]:
                        r0, d = prev[r]
                        path.append(d)
                        r = r0
                    return path[::-1]
                for (a, d), b in sorted(self.known.items(), key=lambda kv: (kv[0][0],
                                                                           kv[0][1])):
                    if a == r and b not in prev:
                        prev[b] = (r, d)
                        nxt.append(b)
            frontier = nxt
        return None

    def untried(self, r):
        """The ways the probe listed from r not walked yet: the compass first, then an
        example's own directions (`Forward is a direction`) in the order listed."""
        ex = self.exits.get(r, {})
        ways = [d for d in DIRECTIONS if d in ex] + [d for d in ex if d not in DIRECTIONS]
        if self.bump:
            ways += [d for d in DIRECTIONS if d not in ex]
        return [d for d in ways if (r, d) not in self.tried]

    def explore(self, max_steps):
        self.start()
        stuck = 0
        while self.steps < max_steps and not self.done and stuck < 20:
            here_ways = self.untried(self.where)
            if here_ways:
                self.walk(self.rng.choice(here_ways))
                continue
            path = self.route(lambda r: bool(self.untried(r)))
            if not path:
                break
            before = self.where
            for d in path:
                if self.done or self.steps >= max_steps:
                    break
                expected = self.known.get((self.where, d))
                self.walk(d)
                if self.where != expected:  # the map moved under the player: plan again
                    break
            stuck = stuck + 1 if self.where == before else 0


def play_one(name, text, work, home, max_steps, min_rooms=3):
    from jericho import FrotzEnv
    src = extract_source(text)
    if not src:
        return None, "no {*} source block"
    build = os.path.join(work, name)
    os.makedirs(build, exist_ok=True)
    story = compile_game(src + PROBE, build, home)
    if not story:
        log = os.path.join(build, "compile.log")
        why = ""
        if os.path.exists(log):
            with open(log, errors="replace") as f:
                probs = [ln.strip() for ln in f if ln.strip().startswith(("Problem", ">-->"))
                         or "Problem" in ln]
            why = probs[0][:200] if probs else ""
        return None, f"compile: {why}"
    rng = random.Random(f"play-{name}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # the interpreter's random numbers seeded too (NPCs that wander, random exits)
        env = FrotzEnv(story, seed=GAME_SEED)
        ex = Explorer(env, rng, own_words(src))
        ex.explore(max_steps)
        rooms = ex.rooms
        env.close()
    reached = {s for _, s, _, _ in ex.moves} | {d for _, _, d, _ in ex.moves}
    if len(reached) < min_rooms:
        return None, f"{len(reached)} rooms reached"
    printed = dict(rooms)
    printed.update(ex.names)
    return (ex, distinct_names(printed, ex), rooms, reached), None


def distinct_names(printed, ex):
    """Room id -> the truth's name: the printed name, and for rooms that print the same
    name ("Lawn" for Lawn1..Lawn4, "Dead End") that name with " (2)", " (3)" after it in the
    order the walk first entered them (rooms never entered last), which is how the automapper
    names a room it takes for a second one of that name. A transcript cannot tell such rooms
    apart by name; merging them would make truth loops (Lawn -> Lawn) no map can hold."""
    order = [ex.start_room] + [d for _, _, d, _ in ex.moves]
    order += sorted(printed)
    seen, names, count = set(), {}, {}
    for rid in order:
        if rid in seen or rid not in printed:
            continue
        seen.add(rid)
        base = printed[rid]
        count[base] = count.get(base, 0) + 1
        names[rid] = base if count[base] == 1 else f"{base} ({count[base]})"
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src_dir")
    ap.add_argument("out")
    ap.add_argument("--work", help="folder for the compiled games (default: a temporary one)")
    ap.add_argument("--max-steps", type=int, default=MAX_STEPS)
    # Most examples that change how a room's arrival is printed (brief modes, descriptions
    # that change on a second visit) have only two rooms; 3 stays the default so the
    # existing sets are built exactly as before.
    ap.add_argument("--min-rooms", type=int, default=3,
                    help="skip an example that reaches fewer rooms than this (default 3)")
    args = ap.parse_args()
    work = args.work or tempfile.mkdtemp(prefix="i7examples-")
    home = i7_home()
    made, skipped = [], []
    os.makedirs(args.out, exist_ok=True)
    for fn in sorted(os.listdir(args.src_dir)):
        if not fn.endswith(".txt"):
            continue
        name = fn[:-4]
        with open(os.path.join(args.src_dir, fn)) as f:
            text = f.read()
        res, why = play_one(name, text, work, home, args.max_steps, args.min_rooms)
        if not res:
            skipped.append({"example": name, "why": why})
            print(f"{name}: skipped: {why}", file=sys.stderr)
            continue
        ex, names, rooms, reached = res
        dup = sorted({n for n in names.values() if n.endswith(")") and " (" in n})
        transcript = "\n\n".join(ex.lines) + "\n"
        meta = {"rooms": len(rooms), "reached": len(reached), "steps": ex.steps,
                "moves": len(ex.moves), "noise": ex.noise, "own_words": own_words(
                    extract_source(text)), "duplicate_printed_names": dup,
                "ended": ex.done}
        write_game(args.out, name, transcript, truth_edges(ex.moves, names),
                   sorted(names[r] for r in rooms) or sorted(names.values()), meta)
        made.append(name)
        print(f"{name}: {len(reached)}/{len(rooms)} rooms, {ex.steps} steps, "
              f"{len(ex.moves)} moves", file=sys.stderr)
    with open(os.path.join(args.out, "summary.json"), "w") as f:
        json.dump({"made": made, "skipped": skipped}, f, indent=1)


if __name__ == "__main__":
    main()
