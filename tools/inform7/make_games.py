#!/usr/bin/env python3
"""Inform 7 games for the automapper: write sources, compile, play, save transcript + truth.

    VENV/bin/python make_games.py OUT --seed S --games N [--work DIR] [--keep-builds]

See README.md beside this file for the venv and for what the games contain. Writes
OUT/gNN/gNN.{transcript.txt,edges.json,locations.json,meta.json} (truth rooms by their source
names) and OUT-printed/ (the same transcripts, truth rooms by the names the game prints).

Each game is generated from random.Random("S-i-attempt"), compiled with the Inform 7 (6M62)
that PyPI's textworld 1.7.0 ships (ni, then inform6 to z-machine version 8), and played through
jericho's FrotzEnv by a scripted player who knows the intended map. An out-of-world command
compiled into every game (PROBE_VERB) prints the true room (source name | printed name) after
every command; its replies are cut before the transcript is saved. The truth edges are the moves
the probe saw change rooms. A game that fails to compile, or whose walk does not reach every
room, is dropped and made again with the next attempt number (counted in OUT/summary.json).
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import warnings

# ---------------------------------------------------------------------------------------------
# Vocabulary
# ---------------------------------------------------------------------------------------------
DIRS = {  # direction -> (dx, dy, dz)
    "north": (0, 1, 0), "south": (0, -1, 0), "east": (1, 0, 0), "west": (-1, 0, 0),
    "northeast": (1, 1, 0), "northwest": (-1, 1, 0), "southeast": (1, -1, 0),
    "southwest": (-1, -1, 0), "up": (0, 0, 1), "down": (0, 0, -1),
}
OPP = {"north": "south", "south": "north", "east": "west", "west": "east",
       "northeast": "southwest", "southwest": "northeast", "northwest": "southeast",
       "southeast": "northwest", "up": "down", "down": "up", "inside": "outside",
       "outside": "inside"}
ABBR = {"north": "n", "south": "s", "east": "e", "west": "w", "northeast": "ne",
        "northwest": "nw", "southeast": "se", "southwest": "sw", "up": "u", "down": "d",
        "inside": "in", "outside": "out"}
# The truth's label for a way: the compass word, "in" and "out" for inside/outside.
LABEL = {"inside": "in", "outside": "out"}
# A game's own words for ways (`Understand "fore" as north.`).
OWN_WORDS = [("fore", "north"), ("aft", "south"), ("port", "west"), ("starboard", "east"),
             ("upstream", "northeast"), ("downstream", "southwest")]

PLACES = ["Kitchen", "Scullery", "Larder", "Pantry", "Hall", "Gallery", "Chapel", "Crypt",
          "Tower", "Study", "Library", "Attic", "Cellar", "Orchard", "Garden", "Yard", "Stable",
          "Barn", "Smithy", "Forge", "Bakery", "Tannery", "Mill", "Bridge", "Boathouse",
          "Harbour", "Quay", "Landing", "Vestry", "Cloister", "Armoury", "Gatehouse", "Dairy",
          "Brewhouse", "Granary", "Loft", "Workshop", "Parlour", "Nursery", "Ballroom",
          "Conservatory", "Greenhouse", "Meadow", "Marsh", "Copse", "Glade", "Well House",
          "Wine Cellar", "Map Room", "Chart Room", "Counting House", "Laundry", "Buttery",
          "Solar", "Refectory", "Dormitory", "Infirmary", "Chapter House", "Smokery",
          "Reed Bed", "Fish Market", "Sail Loft", "Lookout", "Boiler Room",
          "Engine Room", "Wheelhouse", "Galley", "Hold", "Bilge", "Tack Room", "Kennel",
          "Dovecote", "Ice House", "Apiary", "Herb Garden", "Sunken Court", "Long Walk"]
OWNERS = ["Captain Ruck's", "Mildred's", "the Abbot's", "Widow Carew's", "Old Tam's",
          "Doctor Pell's", "Mother Agnes's", "the Bosun's", "Farmer Quill's", "Lady Vane's"]
ENDS = ["West End", "East End", "North Side", "South Side", "Upper Level", "Far Corner"]
FLAVOUR = ["Dust lies everywhere here.", "The air is cool.", "Light falls in from above.",
           "A quiet place.", "Old beams cross overhead.", "Water drips somewhere close by.",
           "The floor is worn smooth by many feet.", "Cobwebs hang in the corners.",
           "A draught moves through.", "Everything smells faintly of smoke.",
           "Straw is scattered over the flagstones.", "The walls are whitewashed and bare."]
DOORS = ["oak door", "iron gate", "red door", "low door", "trapdoor", "wicket gate",
         "green door", "studded door", "grille", "hatch"]
KEYS = ["brass key", "iron key", "bone key", "silver key", "rusty key", "copper key",
        "tin key", "horn key", "glass key", "bronze key"]
SCENERY = [("fountain", "Green water stands in its basin."),
           ("portrait", "A stern face in oils."), ("tapestry", "A hunting scene, faded."),
           ("hearth", "Cold ashes."), ("statue", "A weathered saint."), ("chapel model", "Carved in pale wood."),
           ("harbour painting", "Boats at anchor under a grey sky."),
           ("tower map", "Someone has inked the stairs in red.")]
PORTABLE = ["coil of rope", "candle stub", "pewter mug", "ledger", "wooden spoon", "feather",
            "pebble", "spyglass", "horseshoe", "bundle of letters"]
ENTERABLE = [("wardrobe", "container"), ("crate", "container"), ("armchair", "supporter"),
             ("bench", "supporter"), ("stage", "supporter"), ("bathtub", "container")]
THRESHOLDS = [("tent", "enter"), ("pavilion", "enter"), ("archway", "go through"),
              ("curtain", "go through"), ("ladder", "climb"), ("rope", "climb")]
PROBE_VERB = "zzprobe"
OPENINGS = ["The letter said only that the papers were hidden somewhere in the old house.",
            "Rain has followed you all the way from the coast. At last, a door, and a roof.",
            "Nobody has lived here for years, they told you in the village. Nobody sane.",
            "Your uncle's will was short: the house, its keys, and whatever you can find."]

# ---------------------------------------------------------------------------------------------
# Weights of the world (each a probability per game, room or link; chosen so that a set of 20
# games holds every feature several times while no single game is a puzzle box)
# ---------------------------------------------------------------------------------------------
P_PRINTED = 0.30      # a room printed after an owner ("Captain Ruck's Bakery" for Bakery) or
#                       with a qualifier ("Orchard, West End" for Orchard), as the notes say
P_RENAMED = 0.03      # a room whose source name is never printed ("Kitchen2" printed "Abbot's
#                       Scullery"): rare, as no list can name it
P_DOOR = 0.15         # a tree link with a door (locked with a key in 60% of them)
P_LOCKED = 0.6
P_BENT = 0.12         # a tree link whose way back is not the opposite direction
P_THRESHOLD = 0.10    # a tree link walked by entering/climbing a thing (a room inside a thing)
P_CROSS = 0.30        # an extra link between two rooms already side by side on the grid
P_ONE_WAY = 0.35      # an extra link that is one-way
P_DARK_GAME = 0.6     # a game with dark rooms (then 1-3 of them)
P_OWN_WORDS = 0.4     # a game with its own words for ways
P_BRIEF = 0.5         # a game that uses brief room descriptions
P_PLACE_NEIGHBOUR = 0.3  # a lit room's description placing a lit neighbour
P_PLACE_DARK = 0.8    # ... placing a dark neighbour ("The larder lies to the west.")
P_NOISE = 0.3         # a player's command that is not a move, before each move
P_OUT_WAY = 0.5       # a dead end whose one way is also taken by `out` ("(that is, south)"), as
#                       in the documentation examples; the player types `out` there half the time
P_GROW_RECENT = 0.6   # a new room hangs off one of the 4 rooms made last (corridors and wings)
#                       rather than off any room (a bushier map)
P_DARK_NEXT = 0.4     # while a game's dark rooms are not all made, a new room is dark
P_VERTICAL = 0.3      # a tree link may go up or down
P_CROSS_DARK = 0.5    # added to P_CROSS beside a dark room, so most are entered from two sides
P_OPEN_FIRST = 0.5    # the player opens an unlocked door before walking through it
P_OWN_WORD_USED = 0.6  # a move that way typed as the game's own word
MAX_STEPS = 1200
ATTEMPTS = 6


class Link:
    """A way from a to b: `way` is the direction gone from a, `back` the way from b to a (None
    for one-way), `door` a door name, `thing` a thing entered/climbed to take it."""

    def __init__(self, a, way, b, back, door=None, thing=None, verb=None):
        self.a, self.way, self.b, self.back = a, way, b, back
        self.door, self.thing, self.verb = door, thing, verb


class World:
    def __init__(self, rng):
        self.rng = rng
        self.rooms = []          # source names in creation order
        self.printed = {}        # source name -> printed name
        self.dark = set()
        self.pos = {}            # source name -> grid cell (rooms inside things have none)
        self.exits = {}          # room -> {direction: room or None (nowhere)}
        self.links = []
        self.keys = {}           # door -> (key, room holding it)
        self.things = {}         # room -> [(kind, name, extra)]
        self.region = []
        self.own_words = []
        self.brief = False
        self.out_way = {}        # dead end -> the compass way `out` takes there


def unique(rng, pool, used):
    free = [p for p in pool if p not in used]
    pick = rng.choice(free)
    used.add(pick)
    return pick


def printed_variant(rng, base):
    """A printed name over the source name base: an owner's (Inform prints "the Abbot's
    Scullery" with its article as written) or a comma qualifier."""
    if rng.random() < 0.5:  # the two forms equally often
        return f"{rng.choice(OWNERS)} {base}"
    return f"{base}, {rng.choice(ENDS)}"


def make_world(rng):
    w = World(rng)
    n = rng.randint(6, 15)
    used_names, used_printed = set(), set()
    w.brief = rng.random() < P_BRIEF
    if rng.random() < P_OWN_WORDS:
        w.own_words = rng.sample(OWN_WORDS[:4], rng.randint(1, 2))
    n_dark = rng.randint(1, 3) if rng.random() < P_DARK_GAME else 0
    doors, keys = list(DOORS), list(KEYS)
    rng.shuffle(doors)
    rng.shuffle(keys)
    thresholds = list(THRESHOLDS)
    rng.shuffle(thresholds)

    def new_room(dark=False):
        base = unique(rng, PLACES, used_names)
        src = base
        printed = base
        roll = rng.random()
        if roll < P_RENAMED:
            other = unique(rng, PLACES, used_names)
            src = f"{base.split()[-1]}{rng.randint(2, 9)}"  # a source name the game never prints
            printed = f"{rng.choice(OWNERS)} {other}"
        elif roll < P_RENAMED + P_PRINTED:
            printed = printed_variant(rng, base)
        if printed.lower() in used_printed:
            printed = base
        used_printed.add(printed.lower())
        w.rooms.append(src)
        w.printed[src] = printed
        w.exits[src] = {}
        if dark:
            w.dark.add(src)
        return src

    def free_ways(room, allow_vertical=True):
        out = []
        for d, (dx, dy, dz) in DIRS.items():
            if d in w.exits[room] or (dz and not allow_vertical):
                continue
            if room in w.pos:
                x, y, z = w.pos[room]
                cell = (x + dx, y + dy, z + dz)
                if cell in w.pos.values():
                    continue
            out.append(d)
        return out

    start = new_room()
    w.pos[start] = (0, 0, 0)
    dark_left = n_dark
    while len(w.rooms) < n:
        lit = [r for r in w.rooms if r not in w.dark and r in w.pos and free_ways(r)]
        if not lit:
            break
        a = rng.choice(lit[-4:]) if rng.random() < P_GROW_RECENT else rng.choice(lit)
        dark = dark_left > 0 and len(w.rooms) >= 2 and rng.random() < P_DARK_NEXT
        way = rng.choice(free_ways(a, allow_vertical=rng.random() < P_VERTICAL))
        roll = rng.random()
        b = new_room(dark)
        dark_left -= dark
        x, y, z = w.pos[a]
        dx, dy, dz = DIRS[way]
        if not dark and roll < P_THRESHOLD and thresholds:
            thing, verb = thresholds[-1]
            inward = "up" if verb == "climb" else "inside"
            above = (x, y, z + 1)
            if inward not in w.exits[a] and (inward == "inside" or above not in w.pos.values()):
                thresholds.pop()
                if inward == "up":
                    w.pos[b] = above
                add_link(w, Link(a, inward, b, OPP[inward], thing=thing, verb=verb))
                continue
        w.pos[b] = (x + dx, y + dy, z + dz)
        back = OPP[way]
        door = None
        if not dark and roll < P_THRESHOLD + P_DOOR and doors and not dz:
            door = doors.pop()
            if rng.random() < P_LOCKED and keys:
                holder = rng.choice([r for r in w.rooms[:-1] if r not in w.dark])
                w.keys[door] = (keys.pop(), holder)
        elif not dark and roll < P_THRESHOLD + P_DOOR + P_BENT:
            bents = [d for d in free_ways(b) if d != back and not DIRS[d][2]]
            if bents:
                back = rng.choice(bents)
        add_link(w, Link(a, way, b, back, door=door))
    # Extra links between rooms side by side: a dark room entered from two sides, loops, and
    # one-way ways (a way whose back is "nowhere").
    cells = {v: k for k, v in w.pos.items()}
    for r in list(w.rooms):
        if r not in w.pos:
            continue
        x, y, z = w.pos[r]
        for d, (dx, dy, dz) in DIRS.items():
            o = cells.get((x + dx, y + dy, z + dz))
            if o is None or d in w.exits[r] or OPP[d] in w.exits[o] or dz:
                continue
            if r in w.dark and o in w.dark:
                continue
            want = P_CROSS + (P_CROSS_DARK if (r in w.dark or o in w.dark) else 0.0)
            if rng.random() >= want:
                continue
            one_way = rng.random() < P_ONE_WAY and r not in w.dark and o not in w.dark
            add_link(w, Link(r, d, o, None if one_way else OPP[d]))
    # Things: scenery, place-like things, portable things, enterable ones, a region.
    used_things = {link.thing for link in w.links if link.thing}

    def pick(pool):
        """A thing name not used yet in this game (Inform 7 would read a second one as the
        same thing in two places)."""
        free = [t for t in pool if not clashes(t if isinstance(t, str) else t[0], used_things)]
        if not free:
            return None
        t = rng.choice(free)
        used_things.add(t if isinstance(t, str) else t[0])
        return t

    for r in w.rooms:
        if r in w.dark:
            continue
        things = w.things.setdefault(r, [])
        for kind, pool, p in (("scenery", SCENERY, 0.35), ("portable", PORTABLE, 0.35),
                              ("enterable", ENTERABLE, 0.15)):
            if rng.random() < p:
                t = pick(pool)
                if t:
                    things.append((kind,) + (tuple(t) if not isinstance(t, str) else (t, None)))
    for door, (key, holder) in w.keys.items():
        w.things.setdefault(holder, []).append(("key", key, door))
    w.region = rng.sample(w.rooms, min(len(w.rooms), rng.randint(2, 4)))
    for r in w.rooms:
        ways = [d for d, o in w.exits[r].items() if o is not None]
        if len(ways) == 1 and ways[0] in DIRS and not DIRS[ways[0]][2] and \
                "outside" not in w.exits[r] and r not in w.dark and rng.random() < P_OUT_WAY:
            w.out_way[r] = ways[0]
    return w


def clashes(name, used):
    """A thing name the parser could not tell from one already in the game: the same name, or
    one whose words all stand in the other ("rope" and "coil of rope" make every `climb rope`
    a "Which do you mean" question)."""
    words = set(name.split())
    return any(words <= set(u.split()) or set(u.split()) <= words for u in used)


def add_link(w, link):
    w.exits[link.a][link.way] = link.b
    w.exits[link.b][link.back if link.back else OPP[link.way]] = (
        link.a if link.back else None)
    w.links.append(link)


# ---------------------------------------------------------------------------------------------
# Inform 7 source
# ---------------------------------------------------------------------------------------------
def way_of(d):
    """The start of an Inform 7 map assertion: "North of", "Up from", "Inside from"."""
    if d in ("up", "down", "inside", "outside"):
        return f"{d.capitalize()} from"
    return f"{d.capitalize()} of"


def describe(w, r):
    rng = w.rng
    parts = [rng.choice(FLAVOUR)]
    for d, o in w.exits[r].items():
        if o is None or d in ("inside", "outside"):
            continue
        p = (P_PLACE_DARK if o in w.dark else P_PLACE_NEIGHBOUR)
        if rng.random() < p:
            name = w.printed[o]
            if "'" not in name and "," not in name:
                name = "the " + name.lower()
            where = {"up": "above", "down": "below"}.get(d, f"to the {d}")
            parts.append(f"{name[0].upper() + name[1:]} lies {where}.")
    for link in w.links:
        if link.a == r and link.thing:
            parts.append(f"A {link.thing} stands here." if link.verb != "climb"
                         else f"A {link.thing} leads up.")
    return " ".join(parts).replace('"', "'")


def source(w, title):
    out = [f'"{title}" by "Tester"', "",
           f'When play begins: say "{w.rng.choice(OPENINGS)}[paragraph break]".', ""]
    if w.brief:
        out.append("Use brief room descriptions.")
    out += ["A room has a text called the truename.", "",
            f'Probing is an action out of world applying to nothing. Understand "{PROBE_VERB}" '
            "as probing.",
            'Carry out probing: say "@@PROBE [truename of the location]|'
            '[printed name of the location]@@".', ""]
    for word, d in w.own_words:
        out.append(f'Understand "{word}" as {d}.')
    for r in w.rooms:
        kind = "dark room" if r in w.dark else "room"
        out.append(f'{r} is a {kind}. "{describe(w, r)}" The truename of {r} is "{r}".')
        if w.printed[r] != r:
            out.append(f'The printed name of {r} is "{w.printed[r]}".')
    for link in w.links:
        if link.door:
            out.append(f"The {link.door} is a door. It is {link.way} of {link.a} and "
                       f"{OPP[link.way]} of {link.b}.")
            if link.door in w.keys:
                key, holder = w.keys[link.door]
                out.append(f"The {link.door} is closed and locked. The {key} unlocks the "
                           f"{link.door}.")
            else:
                out.append(f"The {link.door} is closed.")
            continue
        out.append(f"{way_of(link.way)} {link.a} is {link.b}.")
        back = link.back or OPP[link.way]
        target = link.a if link.back else "nowhere"
        out.append(f"{way_of(back)} {link.b} is {target}.")
        if link.thing:
            act = "entering" if link.verb in ("enter", "go through") else "climbing"
            out.append(f"The {link.thing} is a fixed in place thing in {link.a}. "
                       f"Instead of {act} the {link.thing}: try going {link.way}.")
    for r, things in w.things.items():
        for kind, name, extra in things:
            if kind == "scenery":
                out.append(f'The {name} is scenery in {r}. The description of the {name} is '
                           f'"{extra}"')
            elif kind in ("portable", "key"):
                out.append(f"The {name} is in {r}.")
            elif kind == "enterable":
                if extra == "container":
                    out.append(f"The {name} is an enterable open unopenable container in {r}. "
                               f"It is fixed in place.")
                else:
                    out.append(f"The {name} is an enterable supporter in {r}. It is fixed in "
                               f"place.")
    for r, d in w.out_way.items():
        for act in ("going outside when the location is", "exiting when the player is in"):
            out.append(f'Instead of {act} {r}: say "(that is, {d})[line break]"; '
                       f'try going {d}.')
    out.append(f"The Old Quarter is a region. {' and '.join(w.region)} are in the Old Quarter."
               if len(w.region) > 1 else "")
    return "\n".join(out) + "\n"


def compile_game(src_text, build_dir, i7_home):
    proj = os.path.join(build_dir, "game.inform")
    os.makedirs(os.path.join(proj, "Source"), exist_ok=True)
    with open(os.path.join(proj, "Source", "story.ni"), "w") as f:
        f.write(src_text)
    open(os.path.join(proj, "uuid.txt"), "w").close()
    comp = os.path.join(i7_home, "share", "inform7", "Compilers")
    internal = os.path.join(i7_home, "share", "inform7", "Internal")
    story = os.path.join(build_dir, "game.z8")
    for cmd in ([os.path.join(comp, "ni"), "--internal", internal, "--format=z8",
                 "--project", proj],
                [os.path.join(comp, "inform6"), "-E2wSv8F0",
                 os.path.join(proj, "Build", "auto.inf"), story]):
        res = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if res.returncode != 0 or (cmd[0].endswith("ni") and b"succeeded" not in res.stdout):
            with open(os.path.join(build_dir, "compile.log"), "wb") as f:
                f.write(res.stdout)
            return None
    return story


def i7_home():
    import textworld  # noqa: the compilers ship inside the package
    return os.path.join(os.path.dirname(textworld.__file__), "thirdparty", "inform7-6M62")


# ---------------------------------------------------------------------------------------------
# The player
# ---------------------------------------------------------------------------------------------
PROBE_RE = re.compile(r"@@PROBE (.*?)\|(.*?)@@")


def clean(text):
    """The game's reply as a transcript shows it: without the prompt and the status line the
    interpreter appends ("\\n>     Hall"), and without blank lines at either end."""
    t = text.replace("\r", "")
    t = re.sub(r"\n>[^\n]*$", "", t)
    return t.strip("\n")


class Player:
    """Walks every link of the intended map both ways where it can (first every room in the
    order it was made, so a key is always held before its door), adding a player's noise."""

    def __init__(self, w, env, rng):
        self.w, self.env, self.rng = w, env, rng
        self.lines, self.moves = [], []   # transcript blocks; (step, src, dst, label)
        self.steps = 0
        self.held = set()
        self.unlocked = set()
        self.noise = {}
        self.where = None
        self.failed = []   # planned ways that did not lead where the map says

    def probe(self):
        obs, *_ = self.env.step(PROBE_VERB)
        m = PROBE_RE.search(obs)
        return m.group(1) if m else self.where

    def start(self):
        obs, _ = self.env.reset()
        self.lines.append(clean(obs))
        self.where = self.probe()

    def do(self, cmd, label=None):
        obs, *_ = self.env.step(cmd)
        self.steps += 1
        self.lines.append(f">{cmd}\n{clean(obs)}")
        now = self.probe()
        if now != self.where:
            self.moves.append((self.steps, self.where, now, label or word_label(self.w, cmd)))
        self.where = now
        return obs

    # ---- noise ----
    def chatter(self):
        if self.rng.random() >= P_NOISE or self.steps > MAX_STEPS:
            return
        w, r, rng = self.w, self.where, self.rng
        things = [] if r in w.dark else w.things.get(r, [])
        kind = rng.choice(["look", "inventory", "wall", "wall", "examine", "take", "enter"])
        if kind == "wall":
            ways = [d for d in DIRS if w.exits[r].get(d) is None]
            if ways:
                d = rng.choice(ways)
                self.do(rng.choice([d, ABBR[d], "go " + d]))
        elif kind == "examine" and things:
            self.do("examine " + rng.choice(things)[1])
        elif kind == "take" and [t for t in things if t[0] == "portable"]:
            self.do("take " + [t for t in things if t[0] == "portable"][0][1])
        elif kind == "enter" and [t for t in things if t[0] == "enterable"]:
            _, name, how = [t for t in things if t[0] == "enterable"][0]
            self.do(("enter " if how == "container" else rng.choice(["sit on ", "enter "]))
                    + name)
            if rng.random() < 0.7:  # most players look once inside: "Attic (in the wardrobe)"
                self.do("look")
            self.do(rng.choice(["out", "get out", "exit"]) if how == "container"
                    else rng.choice(["get up", "out", "get off"]))
        elif kind in ("look", "inventory"):
            # the full word more often than the letter
            self.do(kind if rng.random() < 0.7 else {"look": "l", "inventory": "i"}[kind])
        else:
            return
        self.noise[kind] = self.noise.get(kind, 0) + 1

    def take_keys(self):
        if self.where in self.w.dark:
            return
        for kind, name, _ in self.w.things.get(self.where, []):
            if kind == "key" and name not in self.held:
                self.do("take " + name)
                self.held.add(name)

    # ---- moving ----
    def passable(self, link):
        return not link.door or link.door not in self.w.keys or \
            self.w.keys[link.door][0] in self.held

    def steps_from(self, room):
        """(way, dst, link) for each way out of room the player can walk now."""
        for link in self.w.links:
            if not self.passable(link):
                continue
            if link.a == room:
                yield link.way, link.b, link
            if link.b == room and link.back:
                yield link.back, link.a, link

    def route(self, goal):
        """The ways to walk from where the player is to goal (breadth first), or None."""
        prev, frontier = {self.where: None}, [self.where]
        while frontier:
            nxt = []
            for r in frontier:
                for way, dst, link in self.steps_from(r):
                    if dst not in prev:
                        prev[dst] = (r, way, link)
                        nxt.append(dst)
            frontier = nxt
        if goal not in prev:
            return None
        path, r = [], goal
        while prev[r]:
            src, way, link = prev[r]
            path.append((way, link))
            r = src
        return path[::-1]

    def walk(self, way, link):
        w, rng = self.w, self.rng
        self_src = self.where
        if link.door and link.door in w.keys and link.door not in self.unlocked:
            key = w.keys[link.door][0]
            self.do(f"unlock {link.door} with {key}")
            self.unlocked.add(link.door)
            if rng.random() < P_OPEN_FIRST:
                self.do(f"open {link.door}")
        elif link.door and rng.random() < 0.2:  # else the game opens it: "(first opening ...)"
            self.do(f"open {link.door}")
        label = LABEL.get(way, way)
        # How a move is typed: through a thing mostly by its verb (`enter tent`, else `in`); a
        # door now and then by `go through`/`enter`; a dead end's way by `out` half the time;
        # else the game's own word (P_OWN_WORD_USED), the letter (50%), the word (35%) or
        # `go WORD` (15%), the mix of the notes' players.
        if link.thing and way == link.way and rng.random() < 0.7:
            cmd = f"{link.verb} {link.thing}"
        elif link.door and rng.random() < 0.15:
            cmd = rng.choice(["go through ", "enter "]) + link.door
        else:
            own = [word for word, d in w.own_words if d == way]
            if w.out_way.get(self.where) == way and rng.random() < 0.5:
                own = [rng.choice(["out", "outside", "exit"])]
            roll = rng.random()
            if own and (roll < P_OWN_WORD_USED or own[0] in ("out", "outside", "exit")):
                cmd = own[0]
            elif roll < 0.5:
                cmd = ABBR[way]
            elif roll < 0.85:
                cmd = way if way not in ("inside", "outside") else LABEL[way]
            else:
                cmd = "go " + (way if way not in ("inside", "outside") else LABEL[way])
        self.do(cmd, label)
        dst = link.b if (link.a == self_src and way == link.way) else link.a
        if self.where != dst:
            self.failed.append(f"{self_src} {cmd} -> {self.where}, not {dst}")
        self.chatter()
        self.take_keys()

    def go_to(self, goal):
        while self.where != goal and self.steps < MAX_STEPS:
            path = self.route(goal)
            if not path:
                return False
            way, link = path[0]
            before = len(self.failed)
            self.walk(way, link)
            if len(self.failed) > before:
                return False
        return self.where == goal

    def explore(self):
        self.start()
        self.take_keys()
        for room in self.w.rooms[1:]:
            self.go_to(room)
        todo = [(link.a, link.way, link) for link in self.w.links]
        todo += [(link.b, link.back, link) for link in self.w.links if link.back]
        walked = {(s, d) for _, s, _, d in self.moves}
        for src, way, link in todo:
            if self.steps >= MAX_STEPS:
                break
            if (src, LABEL.get(way, way)) in walked:
                continue
            if self.go_to(src) and self.passable(link):
                self.walk(way, link)
                walked = {(s, d) for _, s, _, d in self.moves}


def word_label(w, cmd):
    """The truth's label of a move typed as cmd (a move the player did not plan)."""
    c = cmd.lower().removeprefix("go ").strip()
    for word, d in w.own_words:
        if c == word:
            return d
    for d, a in ABBR.items():
        if c in (d, a):
            return LABEL.get(d, d)
    return c


# ---------------------------------------------------------------------------------------------
# Truth and files
# ---------------------------------------------------------------------------------------------
def truth_edges(moves, names):
    first = {}
    for step, src, dst, label in moves:
        first.setdefault((src, dst, label), step)
    recs = []
    for (src, dst, label), step in sorted(first.items()):
        back = [s for (a, b, _), s in first.items() if a == dst and b == src]
        rev = min(back) if back else 9999
        recs.append({"src_node": names[src], "dst_node": names[dst], "action": label,
                     "seen_in_forward": step, "seen_in_reversed": rev,
                     "edge_min_step": min(step, rev)})
    return recs


def write_game(out, name, transcript, edges, locations, meta):
    d = os.path.join(out, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, f"{name}.transcript.txt"), "w") as f:
        f.write(transcript)
    for ext, data in (("edges", edges), ("locations", locations), ("meta", meta)):
        with open(os.path.join(d, f"{name}.{ext}.json"), "w") as f:
            json.dump(data, f, indent=1)


def make_one(seed, index, attempt, work, home):
    from jericho import FrotzEnv
    rng = random.Random(f"{seed}-{index}-{attempt}")
    w = make_world(rng)
    title = f"The {rng.choice(PLACES)} Papers"
    build = os.path.join(work, f"s{seed}-g{index:02d}-a{attempt}")
    os.makedirs(build, exist_ok=True)
    src_text = source(w, title)
    story = compile_game(src_text, build, home)
    if not story:
        return None, "compile"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = FrotzEnv(story)
        player = Player(w, env, random.Random(f"play-{seed}-{index}-{attempt}"))
        player.explore()
        env.close()
    if player.failed:
        return None, f"a way did not lead where the map says: {player.failed[0]}"
    reached = {s for _, s, _, _ in player.moves} | {d for _, _, d, _ in player.moves}
    if reached != set(w.rooms):
        return None, f"unreached {sorted(set(w.rooms) - reached)}"
    transcript = "\n\n".join(player.lines) + "\n"
    counts = {
        "rooms": len(w.rooms), "dark": sorted(w.dark), "brief": w.brief,
        "own_words": w.own_words, "doors": sum(1 for link in w.links if link.door),
        "locked": len(w.keys), "bent": sum(1 for link in w.links if link.back and
                                           link.back != OPP[link.way] and not link.thing),
        "one_way": sum(1 for link in w.links if not link.back),
        "entered": [f"{link.verb} {link.thing}" for link in w.links if link.thing],
        "printed": {r: p for r, p in w.printed.items() if p != r},
        "steps": player.steps, "noise": player.noise, "seed": seed, "index": index,
        "attempt": attempt,
    }
    return (w, player, transcript, counts), None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--work", help="folder for the compiled games (default: a temporary one)")
    args = ap.parse_args()
    out = args.out.rstrip("/")
    printed_out = out + "-printed"
    work = args.work or tempfile.mkdtemp(prefix="i7games-")
    home = i7_home()
    dropped = []
    for i in range(args.games):
        name = f"g{i:02d}"
        for attempt in range(ATTEMPTS):
            made, why = make_one(args.seed, i, attempt, work, home)
            if made:
                break
            dropped.append({"game": name, "attempt": attempt, "why": why})
            print(f"{name} attempt {attempt} dropped: {why}", file=sys.stderr)
        if not made:
            sys.exit(f"{name}: no playable game in {ATTEMPTS} attempts")
        w, player, transcript, meta = made
        source_names = {r: r for r in w.rooms}
        write_game(out, name, transcript, truth_edges(player.moves, source_names),
                   sorted(w.rooms), meta)
        write_game(printed_out, name, transcript, truth_edges(player.moves, w.printed),
                   sorted(w.printed.values()), meta)
        print(f"{name}: {len(w.rooms)} rooms, {player.steps} steps", file=sys.stderr)
    for d in (out, printed_out):
        with open(os.path.join(d, "summary.json"), "w") as f:
            json.dump({"seed": args.seed, "games": args.games, "dropped": dropped}, f, indent=1)
    if not args.work:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
