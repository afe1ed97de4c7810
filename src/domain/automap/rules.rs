//! The automapper's named rules, each of which can be switched off to measure what it is worth
//! (`maprepair eval … --without RULE`): the hindsight stages ([`super::tracker`]'s
//! `HINDSIGHT`) and the special kinds of evidence for where a move started or which room a
//! reply shows. [`RULES`] lists each with what it decides.
//!
//! # What each rule is worth
//! Each rule switched off alone, against everything in force: the change in edge F1 on MANGO's
//! 53 games (`maprepair eval --gt ../shared/mango/data_fixed --automap clean|raw`, and `clean
//! --hints no --align`, each with `--without RULE`), the same on the held-out fold (every fifth
//! game in sorted name order, not looked at while the rules were made: anchor, cutthroat,
//! enter, infidel, loose, murdac, planetfall, snacktime, trinity, zork1),
//! and the development games whose figures it changes. No rule changes any figure on the 20
//! TextWorld development games, on 20 fresh TextWorld games (`generate.py --seed-base 71000`,
//! and 19 more from 83000) or on three Inform 7 games compiled from hand-written sources and
//! played through the interpreter (`eval --transcripts`): those all read the same with every
//! rule off, one at a time; only `got-out` changes the generated Inform 7 games below. With
//! everything in force: clean 0.9513 (held-out 0.9326), raw 0.9344 (0.9227; 0.9339 before a
//! sentence-case place phrase, "On a path in the forest", was read as a title), no list 0.9251
//! (0.9217; 0.9237 before `ways-apart` and `inside-titled`; 0.9161 before this round's text
//! conventions and `named-unseen`, 0.8884 and 0.9000 before `shown-starts`). The rows were measured against the figures before `dark-vertical`
//! was narrowed and `next-alike` added (no list 0.8833), but those two rows, measured against
//! 0.8884, the two added after them, against the figures before each, and `named-unseen`,
//! against everything in force now. Without a list, no map can pass edge recall 0.918 on MANGO: 134 of its 1628 truth
//! pairs touch a room no kept move arrives in (`eval` prints the recall on the others).
//!
//! | rule | clean F1 | raw F1 | no list F1 | held-out fold clean / raw / no list | dev games it changes | verdict |
//! |---|---|---|---|---|---|---|
//! | `left-alike` | -0.0012 | -0.0005 | 0 | 0 / 0 / 0 | spellbrkr | kept for the clean floor only: one dev game, no held-out case |
//! | `revisit-sources` | -0.0049 | -0.0026 | -0.0042 | -0.0028 / -0.0022 / 0 | adventureland, awaken, ballyhoo, curses, deephome, detective, inhumane, library, omniquest, plundered, seastalker, sorcerer, yomomma | kept: pays on held-out (re-measured once the lattice alone no longer moves a start where every step is kept: off was +0.0027 raw before) |
//! | `crossed-ways-back` | -0.0018 | -0.0005 | -0.0018 | 0 / 0 / 0 | plundered, reverb | kept: two or more dev games, no held-out case |
//! | `walked-back` | -0.0012 | 0 | -0.0012 | 0 / 0 / 0 | inhumane | kept for the clean floor only: one dev game, no held-out case |
//! | `second-look` | -0.0135 | -0.0142 | -0.0113 | -0.0117 / -0.0131 / -0.0059 | adventureland, afflicted, ballyhoo, detective, dragon, gold, inhumane, karn, ludicorp, night, omniquest, plundered, seastalker, wishbringer, zork2, zork3 | kept: pays on held-out |
//! | `detach-misfits` | -0.0062 | -0.0039 | -0.0012 | -0.0059 / -0.0078 / 0 | ballyhoo, dragon, lurking, omniquest, reverb, sorcerer, zenon | kept: pays on held-out |
//! | `named-before` | -0.0037 | -0.0006 | 0 | 0 / 0 / 0 | deephome, karn | kept: two or more dev games, no held-out case |
//! | `named-back` | -0.0025 | 0 | -0.0007 | -0.0059 / 0 / -0.0059 | deephome, inhumane | kept: pays on held-out |
//! | `sibling-named-back` | -0.0012 | -0.0012 | 0 | 0 / 0 / 0 | deephome | kept for the clean floor only: one dev game, no held-out case |
//! | `named-beside` | -0.0012 | 0 | -0.0012 | -0.0059 / 0 / -0.0059 | — | kept: pays on held-out |
//! | `passed-through` | -0.0025 | 0 | -0.0032 | 0 / 0 / 0 | ballyhoo, plundered | kept: two or more dev games, no held-out case |
//! | `enclosing-room` | -0.0012 | 0 | 0 | 0 / 0 / 0 | pentari | kept for the clean floor only: one dev game, no held-out case |
//! | `left-inside` | -0.0019 | 0 | 0 | 0 / 0 / 0 | adventureland | kept for the clean floor only: one dev game, no held-out case |
//! | `speaker-of` | -0.0025 | 0 | -0.0025 | 0 / 0 / 0 | inhumane | kept for the clean floor only: one dev game, no held-out case |
//! | `skipped-to` | -0.0082 | 0 | -0.0086 | -0.0090 / 0 / -0.0118 | adventureland, awaken, jewel, ludicorp, temple, zork3 | kept: pays on held-out |
//! | `dead-end` | -0.0012 | 0 | -0.0012 | 0 / 0 / 0 | inhumane | kept for the clean floor only: one dev game, no held-out case |
//! | `scrambled` | -0.0025 | 0 | -0.0025 | 0 / 0 / 0 | zork2 | kept for the clean floor only: one dev game, no held-out case |
//! | `first-walk` | -0.0136 | 0 | -0.0099 | -0.0176 / 0 / -0.0176 | adventureland, awaken, dragon, jewel, ludicorp, reverb, temple | kept: pays on held-out |
//! | `cannot-be-slot` | -0.0012 | 0 | -0.0025 | 0 / 0 / 0 | sherlock | kept for the clean floor only: one dev game, no held-out case |
//! | `same-slope` | -0.0006 | -0.0018 | -0.0007 | 0 / 0 / 0 | karn | kept for the clean floor only: one dev game, no held-out case |
//! | `dark-vertical` | -0.0018 | 0 | -0.0018 | -0.0086 / 0 / -0.0085 | — | kept: pays on held-out (since it claims a dark room only for a reply with no description at all: was +0.0014 no list, adventureland's "You're in a maze of pits." claiming the dark hall) |
//! | `title-words` | 0 | 0 | -0.0066 | 0 / 0 / 0 | afflicted, gold, zork2 | kept: two or more dev games, no held-out case |
//! | `told-by-words` | -0.0012 | -0.0005 | -0.0018 | 0 / 0 / 0 | night | kept for the clean floor only: one dev game, no held-out case |
//! | `next-alike` | 0 | 0 | -0.0019 | 0 / 0 / 0 | adventureland | kept, marked: one dev game and no held-out case (no held-out game lists exits under a shared title); it is the exits-line convention the issue asks for (MUD logs), pinned by a tracker test |
//! | `inside-titled` | 0 | 0 | -0.0007 | 0 / 0 / 0 | adventureland | kept, marked: one dev game and no held-out case; it reads without a list what `left-inside` reads with one (a title "Inside Stump" is the room inside the stump the reply shows), pinned by a systems test in the Scott Adams ports' output style; no TextWorld or Inform 7 figure moves |
//! | `ways-apart` | 0 | 0 | -0.0007 | 0 / 0 / 0 | deephome | kept, marked: one dev game and no held-out case; it is the general form of "a new description under a known title is a new room" for descriptions alike in style (three "Railway Station"s of one rail line, which name east, northwest and west), pinned by a systems test; no TextWorld or Inform 7 figure moves (seed-7 / seed-10, no list and printed names). Session 39: apart when each text names a way the other does not (before: no way in common), from the set made of the Inform 7 documentation's own examples (`play_examples.py`), where Tiny Garden's four \"Lawn\"s (a kind of room with one printed name) name swapped ways (\"south, southwest and west\" / \"south, southeast and east\"): no list 0.444 -> 1.000 (the set 0.776 -> 0.792); every other eval output identical (MANGO clean/raw/no list and fold, TextWorld both sets, make_games.py seeds 101-106); fixture `inform7-same-title-ways.txt` |
//! | `named-unseen` | 0 | 0 | -0.0013 | 0 / 0 / 0 | partyfoul | kept, marked: one dev game and no held-out case; it is the arrival-phrase convention (a room entered by a sentence, "You step into the brightly lit gray kitchen where …", titled later), pinned by a tracker test |
//! | `shown-starts` | 0 | 0 | -0.0277 | 0 / 0 / -0.0217 | adventureland, awaken, balances, deephome, dragon, enchanter, hhgg, hollywood, jewel, lostpig, ludicorp, night, omniquest, pentari, reverb, seastalker, sorcerer, spellbrkr, spirit, temple, tryst205, yomomma, zenon, zork2, zork3, ztuu | kept: pays on held-out (no list only: with a list such a room was already off the map; node recall with no list 0.9186 -> 0.9152, rooms the eval's alignment had matched by a move's start alone) |
//! | `got-out` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: the Inform 7 convention of enterable things; on eight generated Inform 7 development games (see below) no list 0.8376 -> 0.9821, with the list 0.9735 -> 1.0000; no MANGO figure moves but raw with no list (0.4825 -> 0.4843). Seventh round: a reply "You get into the wardrobe." with no title puts the player in the thing too, unless another reply follows before a title (a railcar that moves: deephome raw 0.941 -> 0.840 without that guard); the seed-7 Inform 7 games 0.5316 / 0.9198 -> 0.5357 / 0.9279, no MANGO or TextWorld figure moves |
//! | `entered-dark` | 0 | -0.0006 | 0 | 0 / -0.0026 / 0 | — | kept: pays on held-out (a held-out game's raw walkthrough); the Inform 7 convention of a room entered in the dark by a verb ("enter gatehouse", "fore"): off, the fifth round's generated Inform 7 development games (below) fall from 0.619 / 0.948 (no list / list) to 0.600 / 0.934 |
//! | `comma-qualifier` | 0 | -0.0006 | 0 | 0 / 0 / 0 | plundered up, spellbrkr down ("Midair, on the beautiful blue carpet" read as midair: an exit the truth lacks) | kept: Inform's printed names ("Orchard, West End") with a list of source names; off, the fifth round's Inform 7 development games with the list 0.948 -> 0.918 |
//! | `head-name` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: Inform's printed names after an owner ("Captain Ruck's Bakery") with a list of source names; on the seventh round's Inform 7 development games (below, seed 7) with the list 0.8740 -> 0.9198, no list unchanged (0.5316), no MANGO or TextWorld figure moves |
//! | `learned-ways` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: a transcript's own word for a way (`Understand "fore" as north`), which MANGO never uses; off, the fifth round's Inform 7 development games 0.619 / 0.948 -> 0.611 / 0.942. With one witness and verbs with objects it read "yes", "enter tardis" and "jump lake" as ways (raw 0.9356 -> 0.9335): two agreeing witnesses and words of their own only |
//! | `dark-rooms-joined` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: the Inform 7 convention of one "Darkness" heading over every dark room; on the seventh round's Inform 7 development games (seed 7, below) off: no list 0.5462 -> 0.5436, with the list 0.9650 -> 0.9332 (node recall 0.9965 -> 0.9615), printed names without a list 0.8294 -> 0.8255; no MANGO or TextWorld figure moves. Grouped after the whole reading, by the same way from or to the same room and by a move judged to start in one dark room right after a step that left the player in another; 400 dark arrivals read in 0.01 s (the in-reading form tried last round, a way out leading to the move's start, lost on held-out and went superlinear). Held out (seeds 8 / 9, scored once at the end), off: with the list 0.9436 -> 0.9389 / 0.9304 -> 0.9260, no list 0.6406 -> 0.6394 / 0.5943 -> 0.5857: pays on held-out |
//! | `described-ways` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: a dark room is the listed name the description of the room it was entered from places that way, whole ("The library lies to the southeast."); seed-7 Inform 7 games with the list 0.9603 -> 0.9650 (off: the two of a game's dark rooms named by elimination the wrong way round). Without a list, a dark room takes the name "The NAME lies to the WAY" gives it, when every such sentence about the ways in agrees and no other room bears it (else "Dark room"): no list 0.5730 -> 0.5984, printed names 0.8667 -> 0.8873; no MANGO or TextWorld figure moves. Held out (seeds 8 / 9), off: with the list 0.9436 -> 0.9248 / 0.9304 -> 0.9236, printed names without a list 0.8268 -> 0.7821 / 0.8030 -> 0.7963: pays on held-out |
//! | `verbose-returns` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: Inform 7 and TextWorld describe a room on every visit, learned per transcript from its straight returns ("north" then "south" printing the room's description again, two at least, none a bare title); without a list a title with a description printed before under it is then that room, however short the description (before, 12 words at least). Seed-7 Inform 7 games without a list 0.5462 -> 0.5698, printed names 0.8294 -> 0.8603 (five games up, none down); with a list it names nothing (names tell rooms apart). In a whole transcript (not a cleaned walkthrough) of a verbose game, `revisit-sources` no longer moves a start by the lattice, which bent ways break: seed-7 Inform 7 games with the list 0.9650 -> 0.9698, no list 0.5698 -> 0.5730, printed 0.8603 -> 0.8667; MANGO raw 0.9356 -> 0.9362 (detective, a development game learned verbose, 0.867 -> 0.852; a fold game up), clean and no list unchanged (cleaned walkthroughs). Held out (seeds 8 / 9), off: printed names without a list 0.8268 -> 0.7996 / 0.8030 -> 0.7169, with the list 0.9436 -> 0.9380 / unchanged: pays on held-out |
//! | `shown-before` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: in a whole transcript of a game learned verbose (`verbose-returns`), a move starts in the room the reply just before it showed, whatever a way back says (Inform 7 lets two rooms lead the same way into one: "southwest" from the scullery and through the pantry's red door, the conservatory's way back leading to the pantry alone). Seed-7 Inform 7 games with the list 0.9698 -> 0.9793 (g00, g02, g11, g14, g17, g19 up, none down), no list 0.5984 -> 0.6000, printed names 0.8873 -> 0.8937 (with the list 0.9714 -> 0.9793); no MANGO or TextWorld figure moves. Without the verbose condition MANGO raw fell 0.9362 -> 0.9346 (advent, wishbringer down: a bare "Bedquilt" and a fog room shown before a move the truth starts elsewhere); with a telling description before the move instead, raw 0.9357 and the Inform 7 gain halved (0.9746). Held out (seeds 8 / 9, scored once at the end), off: with the list unchanged / 0.9355 -> 0.9304 (printed 0.9594 -> 0.9543), no list unchanged / 0.5977 -> 0.5943, printed names without a list unchanged / 0.8080 -> 0.8030: pays on held-out; MANGO's fold unchanged (clean 0.9326, raw 0.9307, no list 0.9217) |
//! | `thing-entered-alike` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: rooms entered in the dark (`entered-dark`) by an action on the same thing from the same lit room ("go through tent", later "enter tent", both from the ballroom) are one room, joined with `dark-rooms-joined`'s guards (before, the second became a room of its own and took the last listed name, g17's "Well House", from the dark room it belonged to). Seed-7 Inform 7 games with the list 0.9793 -> 0.9826 (node recall 0.9965 -> 1.0000; g17 0.944 -> 1.000), printed names with the list the same, with `entered-thing` printed names without a list 0.9032 -> 0.9063; no MANGO or TextWorld figure moves. Held out (seeds 8 / 9, scored once at the end), off: with the list 0.9476 -> 0.9436 / unchanged, printed with the list 0.9401 -> 0.9361 / unchanged: pays on held-out |
//! | `entered-thing` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: without a list, a dark room that every "enter X" into it names alike is "X" ("enter tent": Tent; not "go through X", which names a door or a gate), unless a lit room bears the name. Seed-7 Inform 7 games without a list 0.6000 -> 0.6095, printed names 0.8937 -> 0.9063 (g12, g14, g15, g17 up, none down; "enter shed" into the truth's "Shed Interior" is as wrong as "Dark room"); no MANGO or TextWorld figure moves. Held out (seeds 8 / 9), off: no list 0.6480 -> 0.6406 / 0.6010 -> 0.5977, printed names 0.8380 -> 0.8268 / 0.8114 -> 0.8080: pays on held-out |
//! | `dark-start` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: in a whole transcript, a move made right after a reply that left the player in the dark (the "Darkness" heading) that the reading restarted in a lit room (by the way back or the same way from elsewhere: "s" out of the dark reaching the quay, as "south" from the market square does) starts in the dark room again, unless some way into the dark room is one the finished map knows into that lit room (then the two may be one room, unlit). A hindsight stage after every other, so `detach-misfits` does not move it back (`dark-before`, the same in the reading, lost that way). Seed-7 Inform 7 games with the list 0.9826 -> 0.9842 (g04 0.975 -> 1.000, g02 0.973 -> 0.974), printed names without a list 0.9063 -> 0.9065, no list 0.6095 -> 0.6086 (g02: its dark room is never named, so the move's right start is an unnamed room's edge, where the wrong one repeated a true pair). A reply that only speaks of the dark (plundered's "pitch black" cell, a scene) is no dark room here: without the heading condition MANGO raw fell 0.9362 -> 0.9357. No MANGO or TextWorld figure moves. Held out (seeds 8 / 9, scored once at the end), off: with the list unchanged / 0.9425 -> 0.9355, printed with the list unchanged / 0.9645 -> 0.9594, no list unchanged / 0.6013 -> 0.6010, printed without a list unchanged / 0.8106 -> 0.8114: pays on held-out |
//! | `verbose-entered` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: without a list, in a transcript learned verbose (`verbose-returns`), a title-like line in the reply to a non-move ("go through red door", "(first opening the red door)" then "Shaft Bottom" over "Dust lies everywhere here.") with a description under it shows a room, however few words the description keeps (before, three content words at least, and stock ones such as "dust lies everywhere here" keep none: the reply was read as the room unchanged and the next move hung off the room left). Seed-7 Inform 7 games without a list 0.6086 -> 0.6117, printed names 0.9065 -> 0.9097 (g08, g09 up, none down); with the list it changes nothing (the title matches a listed name); no MANGO or TextWorld figure moves. Without the description condition the fresh TextWorld games (`generate.py --seed-base 99000`) fell 1.000 -> 0.997 without a list ("examine keycard": "The keycard looks useful" read as a room). Held out (seeds 8 / 9, scored once at the end), off: no list 0.6506 -> 0.6480 / 0.6067 -> 0.6013, printed names without a list 0.8401 -> 0.8380 / 0.8167 -> 0.8106, with the list unchanged: pays on held-out |
//! | `ways-ruled-out` | 0 | 0 | 0 | 0 / 0 / 0 | — | a transcript's own word for a way (`learned-ways`) read again after `dark-start` (a move out of the dark, restarted in the dark room there, is a witness only then), and where its witnesses disagree (a connection that bends), a way the finished map leads elsewhere from one of the word's starts is ruled out: g02's "fore" from the quarry to the kitchen (whose "south" leads back: north) and from the tower into the dark pump room (whose "west" leads back: east), the tower's "east" being the kitchen's way in, is north. Seed-7 Inform 7 games with the list 0.9842 -> 0.9858 (g02 0.974 -> 1.000), printed names with the list the same; without a list nothing moves (the pump room is never named); no MANGO or TextWorld figure moves (nor `--seed-base 99000`). Held out (seeds 8 / 9, scored once at the end), off: every figure unchanged (with the list 0.9476 / 0.9425, printed 0.9401 / 0.9645; no list 0.6506 / 0.6067, printed 0.8401 / 0.8167): kept, marked, one dev game and no held-out case |
//! | `dark-rooms-placed` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: rooms met under the `Darkness` heading (every arrival in each) that the finished map's lattice places on one cell holding no other room are one room, under `dark-rooms-joined`'s guards: a dark room entered from two sides ("east" from the cottage, "south" from the cloister northeast of it), which no single way ties together, was two dark rooms for the one name left, one side dropped. Seed-10 Inform 7 games with the list 0.9753 -> 0.9770 (g08 0.966 -> 1.000), printed with the list the same; seed 7 and every figure without a list unchanged; no MANGO (hhgg's "Dark" scenes carry no `Darkness` heading) or TextWorld figure moves (nor `--seed-base 99000`). Held out (seeds 8 / 9, scored once at the end), off: with the list 0.9591 -> 0.9551 / 0.9848 -> 0.9645, printed with the list 0.9442 -> 0.9401 / 0.9848 -> 0.9645, no list 0.6556 -> 0.6481 / 0.6187 -> 0.6177, printed without a list 0.8593 -> 0.8519 / 0.8579 -> 0.8564 (up: seed 8 g09, g19, seed 9 g06, g18; down: seed 8 g18 with the list 0.870 -> 0.750, not looked into): pays on held-out |
//! | `dark-word-leaves` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: in a dark room, a word of one's own typed with no object (`Understand "fore" as north`) answered by a room's title with nothing before it is a move out of the dark, not the dark room lit up as that room (a light coming on is an action on a thing, "light lamp", or is told before the title): the dark room keeps the way into it and `learned-ways` reads the word from the way back. Seed-10 Inform 7 games with the list 0.9770 -> 0.9819 (g17 0.912 -> 1.000), printed names without a list 0.8887 -> 0.8916; a fresh development set made for this round (`make4.py i7set11 --seed 11`, 20 games) with the list 0.9624 -> 0.9639 (g04 0.976 -> 1.000), printed without a list 0.8543 -> 0.8557; no game down, seed 7 unchanged; no MANGO (clean 0.9513, raw 0.9362, no list 0.9251; hhgg's "aft" out of its dark scene is answered with a sentence before the title and still reads as before) or TextWorld figure moves. Held out (seeds 8 / 9, scored once at the end), off: with the list 0.9628 -> 0.9591 / 0.9899 -> 0.9882, printed names without a list 0.8630 -> 0.8593 / 0.8626 -> 0.8612 (seed 8 g00, seed 9 g09), no game down: pays on held-out |
//! | `shown-past-stays` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: `shown-before` looked past: in a whole transcript of a verbose game, refusals ("You can't go that way.") between the last reply that showed a room and a move leave the move's start there, so `detach-misfits` no longer moves it to a room never shown where Inform 7's bent ways keep the lattice from holding it ("go through trapdoor" back to the library, "u" refused, "west" to the kitchen garden). Seed-11 Inform 7 games with the list 0.9639 -> 0.9656 (g12 0.976 -> 1.000), printed without a list 0.8557 -> 0.8576; seeds 7 and 10 unchanged. Without the refusal condition (any reply showing no room and moving no one) MANGO raw fell 0.9362 -> 0.9335 (anchor, dragon: a non-move that moved the player silently), without the verbose one 0.9242; with both, no MANGO or TextWorld figure moves. Held out (seeds 8 / 9, scored once at the end), off: seed 8 unchanged, seed 9 with the list 0.9899 -> 0.9865, printed names without a list 0.8626 -> 0.8593 (g02, g12), no game down: pays on held-out |
//! | `entered-titled` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: without a list, an action entering a thing ("enter gatehouse", "go through gatehouse") answered by a title that names the thing whole with a description under it ("Gatehouse Hall" over "Dust lies everywhere here.") shows a room, in a game not learned verbose too (`verbose-entered` needs one); before, the stock line kept no content words and the reply was read as the room unchanged. Only verbs of entering: TextWorld's "examine keycard" answered "The keycard looks useful" stays no room. Seed-11 Inform 7 games without a list 0.6301 -> 0.6311, printed names 0.8576 -> 0.8590 (g07); seeds 7, 10 and every figure with a list unchanged; no MANGO or TextWorld figure moves. Held out (seeds 8 / 9, scored once at the end), off: no list 0.6605 -> 0.6593 / unchanged, printed names without a list 0.8646 -> 0.8630 / unchanged: pays on held-out |
//! | `learned-refusals` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: changes no figure here (MANGO's cleaned walkthroughs keep only moves that went somewhere; elsewhere a move that shows no room is refused anyway); a walk of moves only needs it (`tracker::tests`) |
//! | `named-ahead` | -0.0025 | 0 | -0.0025 | 0 / 0 / 0 | afflicted, balances | kept: two dev games, no held-out case; issue 21's precision side. Every built pair without a list tabulated by the evidence its move rests on (the step's analysis: a title seen and the move continued from the room last shown; a start moved by the text, the way back, the lattice, the skipped steps or a hindsight stage; a dark or unnamed room; an inferred way back): 47 of the development games' 1198 pairs are wrong, 35 of them from moves that continued from the room last shown into a newly titled room (652 right), and no class is mostly wrong, so no confidence bar pays; of those moves' wrong starts, eight started in a room the map already held, which two descriptions name whole, that way ("A track diverges to east.", "A rickety staircase leads to small balcony outside Nikolai's office loft."). The mirror of `named-back`, with its weights ([`super::weights::BREAK_BACK`]); only in a transcript of moves only (a cleaned walkthrough), where dropped steps may have led anywhere; no TextWorld or Inform 7 figure moves (sets 7, 10, 11, seed 7 printed names). With it and the next row: clean 0.9513 -> 0.9538, no list 0.9251 -> 0.9289 (P 0.957 -> 0.961, R 0.895 -> 0.899), raw 0.9362; held-out fold unchanged (0.9326 / 0.9307 / 0.9217) |
//! | `enclosing-room` without a list | 0 | 0 | -0.0013 | 0 / 0 / 0 | pentari | kept, marked: one dev game and no held-out case; `enclosing-room` reads the title when there is no list, as `left-inside` does under `inside-titled` ("The Main Hall, by the Fireplace (in the Large Fireplace)" after `enter` starts in the room titled "Main Hall, by the Fireplace", whatever steps were dropped): no list 0.9276 -> 0.9289, `inside-titled` off now -0.0020 (was -0.0007); no clean, raw, TextWorld or Inform 7 figure moves (sets 7, 10, 11, seed 7 printed) |
//! | `left-thing` | 0 | 0 | -0.0012 | 0 / 0 / 0 | deephome, karn | kept: two dev games, no held-out case; without a list, in a cleaned walkthrough, a reply that opens with the player getting out of or off a thing the room last shown is not titled after ("You get out of the rail car." over a railway station; "You slide down the smooth, polished sides of the saucer..." after the Ledge) started in the thing, a place no kept step showed, so the move stays off the map (`shown-starts`) instead of hanging off the room last shown; a title that names the thing keeps the move there ("You climb out of the pit" from the Glue Pit), and the thing's phrase ends where the way on begins ("You step off the platform to the west hall" from "On the Platform": without that cut inhumane fell 0.981 -> 0.941). With a list `named-before` does it. No list 0.9289 -> 0.9301 (P 0.961 -> 0.964), no game down; clean, raw, TextWorld and Inform 7 (sets 7, 10, 11, seed 7 printed) unchanged. The held-out fold's total had been seen once (0.9217) before this rule was made; it is unchanged |
//! | `passers-by` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept, marked: one game of the set made from the Inform 7 documentation's own examples (`tools/inform7/play_examples.py`, 26 games, session 39), Van Helsing, whose follower's "Count Dracula arrives from the south." / "... from the north." under a titles-only room made `ways-apart` split the room in two: no list 0.750 -> 1.000 (set total 0.761 -> 0.766), with the list unchanged; no other game there, no MANGO, TextWorld, `make_games.py` (seeds 101-106) or prose figure moves. The standard report of a moving character in Inform ("arrives from"), TADS ("comes in from") and MUD servers ("has arrived from", "leaves north"); a room's own prose ("the road goes south", "a passage leads north") is kept, pinned by a unit test |
//! | `short-returns` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: `verbose-returns` learned from descriptions too short to tell rooms apart ("A quiet place.", two content words): a straight return that prints such a line word for word again counts as one printing the description again, one that prints nothing under the title as a bare return. Before, a game whose rooms left on straight returns all had stock one-line descriptions was never learned verbose, so "go through hatch" answered by "Boathouse, East End" over "The air is cool." was read as the room unchanged and the way back from the boathouse had no start. Thirteenth round (issue 21), on a fresh development set made for it (`make4.py i7set12 --seed 12`, 20 games) beside seeds 7, 10 and 11: seed-11 printed names without a list 0.8590 -> 0.8609 (g01 0.939 -> 0.971), source names without a list 0.6311 -> 0.6301 (the boathouse now bears its printed name); seeds 7, 10, 12 and every figure with a list unchanged; no MANGO or TextWorld figure moves. Held out (seeds 8 / 9, scored once at the end), off: seed 8 unchanged, seed 9 with the list 0.9916 -> 0.9899 (printed the same), printed names without a list 0.8643 -> 0.8626: pays on held-out. Round 19's held-out sets (`make_games.py` seeds 103, 104), off: unchanged (it paid on the old held-out seed 13: 0.9111 -> 0.9095 off). |
//! | `handled-stays` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept: `shown-past-stays` for the actions no library answers by moving the player ("take bone key": "Taken."; take, drop, examine, read, inventory, open, close, unlock, lock, search, score; not "get", "push", "wait", which may): in a whole transcript of a verbose game such a step between the last reply that showed a room and a move leaves the move's start there, so a bent way ("nw" from the meadow to the marsh, "take bone key", "west" from the marsh back to the meadow) is no longer detached to a room never shown. Seed-12 Inform 7 games with the list 0.9720 -> 0.9769 (g14 0.972 -> 1.000, g17 0.943 -> 1.000), printed names without a list 0.9079 -> 0.9127; seeds 7, 10, 11 unchanged; no MANGO (raw 0.9362: the non-moves that moved a player silently in anchor and dragon, which lost `shown-past-stays` any reply, are not among these verbs) or TextWorld figure moves. Held out (seeds 8 / 9, scored once at the end), off: every figure unchanged: kept, marked, two dev games of one set and no held-out case. Round 19's held-out sets, off: seed 104 with the list 0.913 -> 0.911, printed names without a list 0.945 -> 0.943 (seed 103 unchanged): pays on held-out. |
//! | `placed-ways` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept, marked: one dev game and no held-out case. A move by a transcript's own word (`learned-ways`) between two rooms no compass move joins is witnessed by the finished lattice when it puts the one a single step from the other and no observed exit already leads that way: seed 12's g11 used "fore" twice, from the barn to the tower (the way back "go south" witnesses north) and from the taproom to the gatehouse (no compass move joins them; the walk round places the gatehouse north of the taproom), one witness, short of the two `learned-ways` asks. Seed-12 Inform 7 games with the list 0.9769 -> 0.9786 (g11 0.970 -> 1.000), printed names without a list 0.9127 -> 0.9145; seeds 7, 10, 11 unchanged; no MANGO (clean 0.9513, raw 0.9362, no list 0.9251) or TextWorld figure moves; two witnesses are still asked. Held out (seeds 8 / 9, scored once at the end), off: every figure unchanged. A word used once, from a room no compass move joins (seed 11's g00), still has one witness at most. Round 19's held-out sets, off: seed 103 with the list 0.918 -> 0.916, printed 0.952 -> 0.941; seed 104 0.913 -> 0.911, 0.945 -> 0.943 (development seeds 101: 0.965 -> 0.963, 0.961 -> 0.959): pays on held-out. |
//! | `used-once` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept, marked: one dev game and no held-out case. A transcript's own word for a way used once has one move, so one witness at most (with `placed-ways`, the lattice's): that one is all there is, where `learned-ways` asks two of a word used more. Seed 11's g00 typed "fore" once, from the marsh to the cottage, which no compass move joins; the walk round places the cottage north of the marsh. Seed-11 Inform 7 games with the list 0.9673 -> 0.9690 (g00 0.970 -> 1.000), printed names without a list 0.8625 -> 0.8644, source names without a list 0.6301 -> 0.6291 (the new pair joins a room under its printed name, which the source-name truth cannot match); seeds 7, 10, 12 unchanged; no MANGO (clean 0.9513, raw 0.9362, no list 0.9251: a word with an object, "jump lake", is no word of the transcript's own since the fifth round, which is what one witness misread then) or TextWorld figure moves. Held out (seeds 8 / 9, scored once at the end), off: every figure unchanged. Round 19's held-out sets, off: seed 103 with the list 0.918 -> 0.916, printed 0.952 -> 0.949 (seed 104 unchanged): pays on held-out. |
//! | `printed-placed` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept (round 19): `described-ways` without a list reads a dark room's name as the game prints it, with no article (an owner's "Mildred's Engine Room lies to the south.", a comma-qualified "Wine Cellar, East End lies to the west.", its capitalised compass word part of the name) and the ways up and down ("lies above" / "lies below"). Round-18 Inform 7 development sets (`eval --transcripts /work/i7data/s101-printed`, `s102-printed`), printed names without a list: 1096 -> 1136 correct pairs of 1170 (F1 0.9463 -> 0.9537, 0.9330 -> 0.9904); with the list unchanged (1115); no MANGO or TextWorld figure moves. Held out (s103-printed, s104-printed, scored once at the end): 933 -> 973 of 1034 (0.9093 -> 0.9430, 0.8980 -> 0.9410): pays on held-out |
//! | `renamed-title` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept (round 19): with a list, a title no listed name matches, lit and described, opening two or more arrivals, is the one listed name the transcript never prints (not in a title, a description or a command), when exactly one of each is found ([`super::renamed`]; with two of either it names nothing: a dark room's listed name is never printed either). Round-18 Inform 7 development sets with the list (`eval --transcripts /work/i7data/s101`, `s102`): 1115 -> 1134 correct pairs of 1170, built 1142 -> 1154 (F1 0.9590 -> 0.9647, 0.9693 -> 0.9856; node recall 0.9955 / 0.9915 -> 1.0000 / 1.0000); fires in s101 g07, s102 g01 g15 g18 g19, not in the three games with two never-printed names (s101 g01 g08, s102 g09); printed names without a list unchanged (no list); no MANGO or TextWorld figure moves. Held out (s103, s104, scored once at the end): 892 -> 932 of 1034, built 988 -> 1002 (0.8453 -> 0.9185, s104 unchanged 0.9130): pays on held-out |
//! | `renamed-brief` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept (round 20): `renamed-title` counts the arrivals as the game prints them, a brief game's bare returns (one arrival described is enough) and a title after the game's notes in parentheses ("(first opening the iron gate)") ([`super::renamed`]). Round-20 Inform 7 development sets with the list (`maprepair eval --transcripts /work/i7data/s105`, `s106`, `s101`, `s102`, each with `--without renamed-brief`): s105 545 -> 551 correct pairs of 570 (built 560), s102 615 -> 619 of 628 (built 620 -> 622; F1 0.9856 -> 0.9904), s106 and s101 unchanged; printed names, MANGO and TextWorld unchanged. Held out (s103, s104, once at the end, both round-20 rules off against on): unchanged, 428 / 504 correct |
//! | `capital-ways` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept (round 20): a compass word capitalised after a sentence's first word is part of a printed name, not a way ("Chart Room, North Side lies to the south." speaks of south only), so `described-ways` names a dark room by a comma-qualified name whose qualifier holds a compass word. Round-20 development with the list (`--without capital-ways`): s105 543 -> 551 correct pairs of 570 (F1 0.9611 -> 0.9752, the dark-room swap of g01), s106, s101, s102 unchanged; printed names, MANGO and TextWorld unchanged. Held out: unchanged |
//! | `entered-new-title` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept (round 19): without a list, an action entering a thing ("enter tent", "go through trapdoor") answered by a new title that opens the reply (only Inform's notes in parentheses before it, "(first opening the trapdoor)") over a description shows a room, whatever the title's words (`entered-titled` asked the title to name the thing; getting into a thing that is no room is told first, "You get into the wardrobe."). Round-18 Inform 7 development sets, printed names without a list (`eval --transcripts /work/i7data/s101-printed`, `s102-printed`): 1136 -> 1144 correct pairs of 1170, built 1164 -> 1170 (F1 0.9537 -> 0.9613, 0.9904 -> 0.9920; node recall 0.9550 / 0.9957 -> 0.9685 / 1.0000); with the list unchanged (1134); no MANGO or TextWorld figure moves. Held out (s103-printed, s104-printed, scored once at the end): 973 -> 983 of 1034 (0.9430 -> 0.9517, 0.9410 -> 0.9447): pays on held-out |
//! | `walked-bent` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept (round 21): a bent way walked both ways ("w" from the gatehouse to the ballroom, "nw" from the ballroom back to the gatehouse) keeps both walks. The evidence that tells it from a wrong start, all required ([`super::tracker`]'s `bent_ways`): a whole transcript (not moves only); the last reply before the move that showed a room showed its start, past actions on things at hand only ("examine hearth", "take ledger", "inventory"), in a brief game too; the move's reply is titled; and a titled, continued move from the destination back to that start by another way than the straight opposite. Then `detach-misfits` leaves the move where it is, and a stage of its own (`walked bent`, after it) starts it there again where the reading or an earlier stage had moved it to where the destination's straight way back leads (not when that room has the move's way out to another room). No weight: every part is asked, none traded against another. Development, correct pairs (`eval --transcripts /work/i7data/SET`), with the list: s105 537 -> 544 of 570, s106 513 -> 518 of 548, s101 519 -> 522, s102 615 -> 618; printed names without a list: s105-printed 555 -> 562, s106-printed 537 -> 542, s101-printed 521 -> 524, s102-printed 623 -> 627; no game down; no MANGO (clean 0.9538, raw 0.9362, no list 0.9301, fold 0.9326 / 0.9307 / 0.9217) or TextWorld figure moves. Held out (s103, s104 and -printed, scored once at the end), off -> on: with the list 428 -> 430 of 476 (0.9185 -> 0.9227), 504 -> 508 of 558 (0.9130 -> 0.9203); printed names without a list 453 -> 456 (0.9517 -> 0.9580), 530 -> 533 (0.9447 -> 0.9501): pays on held-out |
//! | `alike-walked` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept (round 24, issue 21's mazes), without a list only: a maze's rooms print one title and one line (Inform's kind of room with one printed name), and only the walk tells them apart: the arrivals under a title the walk moves from straight into itself are read as the fewest rooms (`alike_walk`: one destination per way, one verdict per way, one description per room; a way into its own room costs 3 rooms, a way whose way back leads elsewhere or is refused 1 room), numbered as entered. No documentation example left unused has a maze (the 2-room ones claimed are skipped by `play_examples.py`), so the class set is three mazes written for this round (`Knotwork`, `Warrens`, `Hives`: eight, six and six rooms alike, bent and one-way ways, one way at random; not documentation examples): without a list 0.229 -> 0.537 (8/12 -> 22/24 of 58 pairs, every game up), with it unchanged; with the bent cost at half a room, Warrens 6 of 18 instead of 12. Every other figure identical: MANGO (cleaned walkthroughs are left out: dropped steps make no way a witness), TextWorld, `make_games.py` seeds 101, 102, 105, 106 (both name sets), the 26 documentation examples. Guards, each measured: a title that never leads into itself is one room however its ways disagree (Zork II's carousel, a way out at random: 11/12 -> 9/20 without it); a reply in the dark is no title (seeds 101-106 without a list lost 5-10% of pairs when "It is pitch dark" read as a refusal); a search cut off by its budget gives no verdict. Measured and not kept: the same reading with a list that numbers the title ("Winding Passage (2)"; with a list, otherwise, MANGO raw fell 0.9362 -> 0.9300), its rooms costing nothing until all are met: the documentation examples 0.789 -> 0.806 (Tiny Garden 3 -> 14 of 14 pairs), but their held-out set 0.667 -> 0.656 (+8 correct pairs, +32 built). Held out, scored once at the end (kept form): documentation examples 0.675 / 0.667 and `make_games.py` seeds 103, 104 unchanged |
//! | `own-ways` | 0 | 0 | 0 | 0 / 0 / 0 | — | kept (lead, round 40): a game's own directions, no compass word at all ("Fore is a direction", a hex grid's "forward left", "spinward"), the compass refused. Three parts (`tracker/own_ways.rs`): the word (an action of at most 3 words, "go" before it or not, whose reply opens with another room's title at least twice and otherwise only with a refusal; an action of more words only when its first word is such a way itself, so "climb ladder" is not one), its spelling (a player's short form, "bl" for "backward left", "b"/"back" for "backward": initials or beginning, and the two never leading from one room to two places; the longest spelling is the name), and the way (a hindsight stage after the compass words are learnt: each relocation by such a word from a room the walk never left by a compass way becomes a way by its name, at least 2 such moves per name). With it, `title::lines` leaves out a picture's lines (a paragraph holding a line of names beside a run of drawing marks, "H5  ----  J5"), which named every room of the hex grid by its map's last line. Documentation examples, development (`eval --transcripts /work/i7docs_data`), without / with the list: 319 -> 471 and 314 -> 466 correct pairs of 480 (F1 0.792 -> 0.983, 0.789 -> 0.983; The World of Charles S. Roberts 0 -> 152 of 152, its truth labelling every move by the direction's full name, which the player typed as "f", "b", "back", "bl", "fr"… as often as in full; before only full spellings were names, "b" was read short for "back": 147 of 152). Measured and not kept on the way: without the per-room gate and the two-move count, `make_games.py` seeds lost pairs where "aft" understood as south was used once (s101 g17 +1 wrong pair; a held-out seed -1 pair); without the first-word test for longer actions, "climb ladder" became a way by that name; a line of marks alone ("==========", MANGO's separators) read as a picture cost MANGO clean 0.9538 -> 0.9449. Every other figure identical: MANGO clean / raw / no list and the fold, TextWorld both sets, `make_games.py` seeds 101-106 both name sets, the systems fixtures, prose. Held out (scored once at the end): documentation examples 154 -> 158 and 160 -> 164 correct pairs of 288 (0.675 -> 0.687, 0.667 -> 0.678) |
//!
//! The Inform 7 figures are on twelve games generated in the style of the documentation's
//! examples (doors opened on the way, dark rooms, "(that is, north)", enterable supporters and
//! containers, names with apostrophes and shared words; outside the repo, made by a script
//! that compiles them with TextWorld's bundled Inform 7 and plays them through jericho), split
//! before looking: every third by name held out.
//!
//! The fifth round's Inform 7 games (a script outside the repo, `make4.py`: compiled with
//! TextWorld's bundled Inform 7, played through jericho by a walker that follows the game
//! itself, an out-of-world probe cut from the transcript telling the truth room after every
//! command) widen what the earlier ones exercise: closed and locked doors ("(first opening the
//! oak door)", "It seems to be locked.", a key), bent and one-way connections, printed names
//! unlike the source names ("Orchard, West End", "Mildred's Bridge"; the truth keeps the source
//! names, as an object tree does), a region, `Understand "fore" as north`, descriptions naming
//! a neighbour ("The boathouse lies to the south."), rooms entered by `enter X`, `climb ladder`,
//! `go through oak door`, "(that is, north)" after `u`/`down`/`outside`, scenery and things with
//! place-like names ("a fish market stall"). Twenty development games (seed 60601); their
//! no-list figures count a printed-name room as lost, so they are also given with the truth
//! renamed to the names printed. Tried and left out: `dark-alike`, a dark room left unnamed
//! once every listed name is given taken for the one named dark room its words cue (no Inform 7
//! figure moved, raw 0.9356 -> 0.9351: hhgg); `entered-by-name`, "enter X" that took the player to
//! another room read as a move in (raw 0.9356 -> 0.9334: enchanter, karn, seastalker, spirit;
//! no Inform 7 figure up).
//!
//! The seventh round's Inform 7 games were rebuilt (`/work/am7/make4.py`, outside the repo: the
//! same kinds of rooms and ways, rooms declared by identifiers so the truth keeps the source
//! names; `make4.py OUT --seed S`): development seed 7 (20 games), held-out seeds 8 and 9 (20
//! each, made before any code changed, scored only for the final figures). Every figure:
//! `maprepair eval --transcripts DIR`, and the same on `DIR-printed` (truth and list renamed to
//! the printed names).
//!
//! Tried this round and left out, each measured the same way: a reply whose listed exits differ
//! from those of every room met under its title may show a new room (no list 0.8833 ->
//! 0.8828: adventureland's swamp lists other exits once a tree is cut); a bare title whose
//! rooms were all described in few words may show a new room, the lattice deciding (0.8828 ->
//! 0.8803: ballyhoo); two alike descriptions naming different rooms met so far are two rooms'
//! (raw: ludicorp 1.000 -> 0.936, a held-out game up, no list unchanged).
//! `next-alike` without the listed exits (any move from one of a title's rooms to that title
//! reaching another room: no list 0.8884 -> 0.8792, its fold 0.9000 -> 0.8941). Where every
//! step is kept, the lattice no longer moves a start in hindsight (raw 0.9286 -> 0.9339); the
//! same while reading (a move's start not moved to the room the lattice puts the way back):
//! raw 0.9339 -> 0.9319, its fold 0.9227 -> 0.9197.
//!
//! Tried in the eighth round and left out (issue 21), with the number of steps the cleaning
//! dropped before each kept move passed through to the tracker: on the development games a move
//! after no dropped step always continues (501 of 501), one after one to three dropped steps
//! 85%, after seven or more about half; the tracker already moves 72 of the starts that do not
//! continue and keeps 20 wrongly, most from a room no kept step shows ("on the lake"). A cost on
//! the current room after a gap of T or more dropped steps lost everywhere (no list 0.9237 ->
//! 0.9199 at T 3 to 12 and cost 1.1, -> 0.9089 at T 3 and cost 2.1; clean 0.9513 -> 0.9476 and
//! lower); the second look without its continuation cost after such a gap moved nothing, and
//! with a cost on the continuation lost (no list 0.9224, clean 0.9501); a move after no dropped
//! step taken as shown (`shown-before` for cleaned walkthroughs) lost too (clean 0.9513 ->
//! 0.9501, no list 0.9237 -> 0.9231). `dark-before`, a move right after a reply that left the
//! player in a dark room (whole transcripts) starting there rather than in the lit room a way
//! back names, kept from the second look too: seed-7 Inform 7 games with the list 0.9793 ->
//! 0.9794, no list 0.6000 -> 0.5990, printed names 0.8937 -> 0.8922 (g02 only; g04's case, "s"
//! out of the dark to the quay, is then moved by `detach-misfits` instead). `dark-not-lit`, in a verbose game a move whose reply is
//! dark reaching no room shown lit, the way back it was known by notwithstanding: seed-7 list
//! 0.9793 -> 0.9760, no list 0.6000 -> 0.5990 (g07 0.967 -> 0.889: its dark garden lost the way
//! the way back had right).
//!
//! Eleventh round, a text convention (`title::looks_like_title`, not a switchable rule): Inform
//! prints a room whose printed name opens with "the" as it is, "the Abbot's Scullery", so a
//! line of "the" and a capitalized word is a title (before, the room was never seen and the moves
//! through it hung off its neighbours). Measured on a fresh development set made for this round
//! (`make4.py i7set10 --seed 10`, 20 games): with the list 0.9703 -> 0.9753, printed names
//! without a list 0.8701 -> 0.8887 (g11, g12 up); seed 7 printed without a list 0.9097 ->
//! 0.9114 (g18). Source names without a list fall (seed 7 0.6117 -> 0.6108, seed 10 0.6168 ->
//! 0.6137): the room now bears its printed name, which the source-name truth cannot match. No
//! MANGO or TextWorld figure moves (nor `--seed-base 99000`). Held out (seeds 8 / 9, scored
//! once at the end): with the list 0.9476 -> 0.9551 / 0.9425 -> 0.9645, printed names without
//! a list 0.8401 -> 0.8519 / 0.8167 -> 0.8564, printed with the list unchanged (0.9401 /
//! 0.9645), source names without a list 0.6506 -> 0.6481 / 0.6067 -> 0.6177.
//!
//! Twelfth round (issue 21's Inform 7 figure, F1 0.98 with the list): a fresh development set
//! (`make4.py i7set11 --seed 11`, 20 games) beside seeds 7 and 10. The with-list losses on the
//! three sets, grouped by cause before any change: dark rooms never lit nor described, named
//! by elimination the wrong way round (seed 7 g11, seed 10 g11, seed 11 g05, g16: 36 of the 42
//! missed pairs left; no text tells them apart), bent ways walked one way only (seed 7 g07,
//! seed 10 g00, seed 11 g01, g07), a word for a way typed in the dark read as the dark room lit
//! (seed 10 g17, seed 11 g04: `dark-word-leaves`), a move after a refusal detached from the
//! room last shown (seed 11 g12: `shown-past-stays`), and "fore" used once from a room no
//! compass move joins (seed 11 g00). The printed-name losses without a list are dark rooms no
//! text names (a "Dark room" cannot match the truth's name) but for one thing entered into a
//! room titled after it (`entered-titled`). With all three: seed 7 0.9858 (printed no list
//! 0.9114) unchanged, seed 10 0.9770 -> 0.9819 (0.8887 -> 0.8916), seed 11 0.9624 -> 0.9656
//! (0.8543 -> 0.8590); held out seed 8 0.9591 -> 0.9628 (0.8593 -> 0.8646), seed 9 0.9848 ->
//! 0.9899 (0.8579 -> 0.8626).
//!
//! Thirteenth round (issue 21, the printed-name figure without a list): a fresh development set
//! (`make4.py i7set12 --seed 12`, 20 games) beside seeds 7, 10 and 11. The printed-name losses
//! without a list, grouped by cause before any change: of the 265 missed truth pairs on the four
//! sets, 250 touch a room whose printed name the transcript never prints (a dark room never lit
//! and no neighbour's description places by name; "Shed Interior" entered by "enter shed"): no
//! reader of the transcript alone can name it, so those pairs cannot score. Counting as lost
//! only the pairs that touch a room whose name appears nowhere in the transcript (commands
//! included), the best F1 such a map reaches is seed 7 0.9114, seed 10 0.8947, seed 11 0.8693,
//! seed 12 0.9145 (held out: seed 8 0.8699, seed 9 0.8658); main stood at 0.9114, 0.8916,
//! 0.8590, 0.9079. The 15 pairs left are the with-list losses too: a room shown in the reply to
//! a non-move of a game not learned verbose (`short-returns`; `opening-returns`, left out since: below), a move after
//! "take bone key" detached along a bent way (`handled-stays`), a word for a way witnessed once
//! (`placed-ways`; and `used-once`: seed 11's g00 uses "fore" once, from a room no compass move
//! joins), and a dark room entered two ways (seed 10's g00). With the five: seed 7 unchanged,
//! seed 10 unchanged, seed 11 with the list 0.9656 -> 0.9690 (printed without a list 0.8590 ->
//! 0.8644), seed 12 0.9720 -> 0.9786 (0.9079 -> 0.9145, the cap); held out seed 8 unchanged
//! (0.9628; printed without a list 0.8646), seed 9 0.9899 -> 0.9916 (0.8626 -> 0.8643).
//!
//! Left out at the fourteenth session's merge: `opening-returns`, the opening reply's room counted
//! as an arrival for `verbose-returns` (a first move out of it and straight back a return). It was
//! made for one development game of a set now lost (seed 11's g07: 0.958 -> 1.000 with it) and moved
//! no figure on any other set: MANGO, TextWorld, held-out seeds 8, 9, 13 and, with `make_games.py`,
//! development seeds 101, 102 and held-out 103, 104 — a rule for one game, taken out as the issue asks.
//!
//! Left out at the eleventh round's merge: `lit-around`, a move whose reply is the `Darkness`
//! heading, read into a lit room shown lit before and after it, taken into the dark room whose
//! ways fit the move in and the next move out. It fixed one development game (seed 7's g07,
//! with the list 0.9858 -> 0.9873) only with a tie-break among several fitting dark rooms made
//! for that game (without it, it fired nowhere), and moved no held-out figure (seeds 8 / 9) nor
//! seed 10: 164 lines for one game.
//!
//! Tried in the eleventh round and left out: `dark-rooms-counted`, with a list, groups of dark
//! rooms left one listed name no title showed joined into one room (seed 10's g08: "east" from
//! the cottage and "s" from the cloister both reach the harbour, and one of the two ways in was
//! dropped with a room that could not be named): seed 10 with the list 0.9753 -> 0.9786, but
//! MANGO raw 0.9362 -> 0.9357 (hhgg 0.714 -> 0.625: it prints "Dark" over scenes that are no
//! rooms), also when only games learned verbose whose every dark room came under the darkness
//! heading were joined (and seed 10 then 0.9769).
//!
//! Tried in the fourth round and left out: a line that holds a copula ("The door is open",
//! zenon's landing) is no title — no development game moved, and the whole set's no-list F1
//! fell 0.9205 -> 0.9173, so a held-out game lost (seen in a whole-set total, not looked into).
//! Without a list, a reply's first title-like line as its title instead of its last: no
//! development figure moved, and the hand-written systems transcripts (`tests/`) broke.
//!
//! Eleven rules (and `named-unseen`, added after this was measured) fire on one development
//! game and on no held-out game. Switching the eleven off
//! together leaves every held-out figure as it is and brings clean F1 to 0.9364 (node recall
//! 0.9683), raw to 0.9245 and no list to 0.8722: below the floor clean F1 must keep (0.951), so
//! they stay until a general mechanism replaces them, each marked here.

use std::collections::BTreeSet;

/// Every rule that can be switched off, with what it decides. The hindsight stages carry the
/// names of `tracker::hindsight::HINDSIGHT`.
pub const RULES: &[(&str, &str)] = &[
    (
        "left-alike",
        "hindsight: moves whose replies open with one sentence about leaving, word for word, left one room",
    ),
    (
        "revisit-sources",
        "hindsight: a move the finished lattice places away from its destination started where its start should be",
    ),
    (
        "crossed-ways-back",
        "hindsight: two moves that would be each other's way back had each started where the other ended",
    ),
    (
        "walked-back",
        "hindsight: a move retraced through the rooms walked just before it",
    ),
    (
        "second-look",
        "hindsight: every start judged again by how well all the moves agree",
    ),
    (
        "detach-misfits",
        "hindsight: a move the map cannot hold started elsewhere",
    ),
    (
        "learned-ways",
        "hindsight: a word the transcript moves by with no compass name (\"fore\") is the one compass way the moves between the same rooms show",
    ),
    (
        "ways-ruled-out",
        "hindsight: a transcript's own word for a way read again once the moves out of the dark are restarted there; where the moves between the same rooms disagree on it, a way the map leads elsewhere from one of the word's starts is not the word's way",
    ),
    (
        "dark-rooms-joined",
        "hindsight: rooms met in the dark that the same way from or to the same room shows are one room",
    ),
    (
        "dark-rooms-placed",
        "hindsight: rooms met under the darkness heading that the finished map places on one spot holding no other room are one room",
    ),
    (
        "thing-entered-alike",
        "hindsight: rooms met in the dark by an action on the same thing from the same room (\"go through tent\", \"enter tent\") are one room",
    ),
    (
        "dark-start",
        "hindsight: in a whole transcript, a move made right after a reply that left the player in the dark started in that dark room, unless the map lets the dark room be the lit room the reading started it in",
    ),
    (
        "verbose-entered",
        "room: without a list, in a transcript that describes every room on every visit, a title-like line with a description under it in the reply to a non-move (\"go through red door\") shows a room, however few words the description keeps",
    ),
    (
        "entered-thing",
        "naming: without a list, a room met in the dark that every \"enter X\" into it names alike is X (\"enter tent\": \"Tent\")",
    ),
    (
        "described-ways",
        "naming: a room met in the dark is the room the description of the room it was entered from places that way, by its whole name (\"The library lies to the southeast.\"): the listed one, or without a list that name",
    ),
    (
        "printed-placed",
        "naming: the name `described-ways` reads without a list may be written as the game prints a room's, with no article (\"Mildred's Engine Room lies to the south.\", \"Wine Cellar, East End lies to the west.\")",
    ),
    (
        "capital-ways",
        "naming: a compass word written capitalised inside a sentence is part of a printed name, not a way: \"Chart Room, North Side lies to the south.\" speaks of south only, so `described-ways` and the starts read from descriptions can use it",
    ),
    (
        "renamed-title",
        "room: with a list, a title no listed name matches that recurs on arrivals is the one listed name the transcript never prints, when there is exactly one of each (`Kitchen2` printed \"Mildred's Dairy\")",
    ),
    (
        "renamed-brief",
        "room: `renamed-title` counts the arrivals as a game prints them: a return in brief mode shows the title with no description (one arrival described is enough), and the game's notes in parentheses (\"(first opening the iron gate)\") may stand before it",
    ),
    (
        "entered-new-title",
        "room: without a list, an action entering a thing (\"enter tent\") answered by a new title that opens the reply (only the game's notes in parentheses before it) with a description under it shows a room, whatever the title's words",
    ),
    (
        "verbose-returns",
        "room: where the transcript's straight returns print a room's description again, a title with a description printed before under it is that room",
    ),
    (
        "named-before",
        "start: a listed room the text before the title names (\"You get off the bench.\")",
    ),
    (
        "named-back",
        "start: the room the arrival's description places the way back towards (the way said outside the room's name)",
    ),
    (
        "sibling-named-back",
        "start: a same-titled listed room the arrival's description puts the way back",
    ),
    (
        "named-beside",
        "start: the room whose name puts it the way back (\"admin corridor south\")",
    ),
    (
        "passed-through",
        "start: the room whose description speaks of the thing passed through",
    ),
    (
        "inside-titled",
        "start: without a list, `left-inside` and `enclosing-room` read a room's title as its name (\"Inside Stump\", \"The Main Hall, by the Fireplace (in the Large Fireplace)\")",
    ),
    (
        "enclosing-room",
        "start: a move in to a room listed inside a thing starts in the thing's room",
    ),
    (
        "left-inside",
        "start: a move out of a thing the reply shows starts in the one room that is its inside",
    ),
    (
        "speaker-of",
        "start: a move the current room rules out starts in the one room whose text speaks of the way",
    ),
    (
        "skipped-to",
        "start: the nearest room the skipped steps could reach with this way unwalked",
    ),
    (
        "dead-end",
        "start: a room whose description says it is a dead end is left only by the way back",
    ),
    (
        "scrambled",
        "start: \"You're not sure which direction is which.\" keeps the start where the player was",
    ),
    (
        "first-walk",
        "start: a cleaned walkthrough keeps each exit's first walk, so a way walked before to elsewhere was not walked here",
    ),
    (
        "cannot-be-slot",
        "room: a reply whose text names ways out but not the way back is not the unseen room",
    ),
    (
        "same-slope",
        "room: a room whose way back climbs as the way there does is another room",
    ),
    (
        "dark-vertical",
        "room: a bare room entered up or down is the one dark room entered that way",
    ),
    (
        "entered-dark",
        "room: a non-compass action whose reply is the darkness heading took the player into a dark room",
    ),
    (
        "shown-past-stays",
        "start: in a whole transcript, the room the last reply that showed one showed, past replies that showed none and moved no one (\"You can't go that way.\"), is where the player was",
    ),
    (
        "entered-titled",
        "room: without a list, an action entering a thing (\"enter gatehouse\") answered by a title that names the thing whole with a description under it (\"Gatehouse Hall\") shows a room",
    ),
    (
        "dark-word-leaves",
        "room: a word of one's own typed in a dark room (\"fore\") whose reply opens with a room's title took the player out of the dark; it did not light the dark room",
    ),
    (
        "comma-qualifier",
        "room: a title whose text before a comma is a listed name whole (\"Orchard, West End\") shows that room",
    ),
    (
        "head-name",
        "room: a title that names its room after an owner (\"Captain Ruck's Bakery\") shows the listed room its head noun names whole",
    ),
    (
        "named-unseen",
        "room: a new title shows the one room entered earlier without a title whose reply named it whole",
    ),
    (
        "title-words",
        "room: a text under a known title that holds none of the title's words, where the room met under it was described in them, is that room",
    ),
    (
        "ways-apart",
        "room: without a list, a description under a known title that speaks of compass ways out, where it and the description its room was met with each name a way the other does not, shows another room",
    ),
    (
        "next-alike",
        "room: a move from one of a title's rooms to the same title with other listed exits reached another room",
    ),
    (
        "shown-before",
        "in a whole transcript of a game that describes every room on every visit, a move starts in the room the reply just before it showed",
    ),
    (
        "learned-refusals",
        "move: a line the transcript gives to moves that go nowhere, learned from it, is a refused move",
    ),
    (
        "told-by-words",
        "room: the words below a bare title tell which same-titled room it is",
    ),
    (
        "shown-starts",
        "naming: a room posited only as where a move started, which no reply ever shows, stays off the map, list or no list",
    ),
    (
        "got-out",
        "convention: a move out, made while the titles put the player in or on something, that shows the same room left the thing, not the room",
    ),
    (
        "named-ahead",
        "start: in a transcript of moves only, a move into a new title that the room the player was in names nowhere started in the one known room whose description names it whole, that way",
    ),
    (
        "left-thing",
        "start: without a list, in a transcript of moves only, a reply that opens with the player getting out of or off a thing (\"You get out of the rail car.\") the room last shown is not titled after: the move started in the thing, unseen",
    ),
    (
        "handled-stays",
        "start: in a whole transcript of a verbose game, an action on a thing at hand (\"take bone key\", \"unlock hatch\", \"inventory\") between the last reply that showed a room and a move leaves the move's start there, as a refusal does (`shown-past-stays`)",
    ),
    (
        "placed-ways",
        "hindsight: a move by a transcript's own word (\"fore\") between two rooms no compass move joins is witnessed by the way the finished lattice puts one a step from the other (`learned-ways`)",
    ),
    (
        "used-once",
        "hindsight: a transcript's own word for a way used once is learned from the one witness its one move has (`learned-ways` asks two of a word used more)",
    ),
    (
        "passers-by",
        "convention: a sentence reporting someone else arriving or leaving (\"Count Dracula arrives from the south.\", \"Bob leaves north.\") is no part of the room's description",
    ),
    (
        "alike-walked",
        "room: without a list, in a whole transcript, a title the walk proves several rooms (one way from one room reaching two places, or a way refused once and walked once) is read as the fewest rooms that keep one destination per way, one verdict per way and one description per room; each arrival under it is the room that reading gives (a maze of rooms alike)",
    ),
    (
        "walked-bent",
        "hindsight: a move the lattice cannot hold is one walk of a bent way, kept where it started, when the reply before it (past actions on things at hand) showed its start and the transcript walks the same two rooms back by another way than the straight opposite",
    ),
    (
        "own-ways",
        "hindsight: an action with no compass meaning (\"aft\", \"forward left\", \"go spinward\") whose reply opens with another room's title at least twice, and otherwise only with a refusal, is a way of the game's own: its arrivals are arrivals, and each becomes a way by its name (a short form, \"bl\", named by the longer word it abbreviates and agrees with)",
    ),
    (
        "short-returns",
        "room: a straight return that prints a description too short to tell rooms apart (\"A quiet place.\") word for word again, or nothing under the title, tells whether the game is verbose as a longer one does (`verbose-returns`)",
    ),
];

/// The names of [`RULES`], comma-separated.
fn rule_names() -> String {
    RULES.iter().map(|r| r.0).collect::<Vec<_>>().join(", ")
}

/// Which of [`RULES`] are in force: all of them unless switched off.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rules {
    off: BTreeSet<&'static str>,
}

/// A rule name that [`RULES`] does not list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no automapper rule is called '{0}'; the rules: {names}", names = rule_names())]
pub struct UnknownRule(pub String);

impl Rules {
    /// Every rule in force.
    pub fn all() -> Rules {
        Rules::default()
    }

    /// Every rule in force but the ones named (names as in [`RULES`]; a space stands for a
    /// hyphen).
    ///
    /// # Errors
    /// [`UnknownRule`] for a name [`RULES`] does not list.
    pub fn without<S: AsRef<str>>(names: &[S]) -> Result<Rules, UnknownRule> {
        let mut off = BTreeSet::new();
        for n in names {
            let key = n.as_ref().trim().replace(' ', "-");
            let Some((name, _)) = RULES.iter().find(|(r, _)| *r == key) else {
                return Err(UnknownRule(n.as_ref().to_string()));
            };
            off.insert(*name);
        }
        Ok(Rules { off })
    }

    /// True while the rule is in force (a name with spaces is the same as with hyphens).
    pub fn on(&self, name: &str) -> bool {
        if self.off.is_empty() {
            return true;
        }
        !self.off.contains(name.replace(' ', "-").as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_are_switched_off_by_name_and_unknown_names_are_refused() {
        let r = Rules::without(&["walked back", "dead-end"]).unwrap();
        assert!(!r.on("walked back"));
        assert!(!r.on("dead-end"));
        assert!(r.on("left-alike"));
        assert!(Rules::all().on("dead-end"));
        assert_eq!(
            Rules::without(&["no such rule"]),
            Err(UnknownRule("no such rule".into()))
        );
    }

    #[test]
    fn every_hindsight_stage_is_a_rule() {
        for (name, _) in crate::domain::automap::tracker::HINDSIGHT {
            let key = name.replace(' ', "-");
            assert!(RULES.iter().any(|(r, _)| *r == key), "{name}");
        }
    }
}
