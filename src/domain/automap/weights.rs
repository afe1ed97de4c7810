//! Every weight and threshold the automapper decides by, in one table: what evidence each
//! weighs and why its value.
//!
//! The weights are small numbers on one scale, whose unit is **one conflict** a choice would
//! add to the map ([`W_CONFLICT`] = 2): a second target for one way out, a way back that is not
//! the opposite way, a loop that does not close, two rooms on one lattice cell. Each other kind
//! of evidence is set against that unit — stronger than a conflict when a game's text or the
//! player's own moves say it directly (a game's map need not be flat, so the lattice gives way
//! to memory and to a description printed again), weaker when it is a tie-breaker. They were
//! chosen by hand on MANGO's development games and checked on data the automapper never saw
//! (TextWorld transcripts, held-out MANGO games); the measured figures are in the README. What
//! each of the named rules that use them is worth, switched off one at a time on the
//! development games and on held-out data, is tabled in [`super::rules`].
//!
//! | weight | evidence | value |
//! |---|---|---|
//! | [`W_CONFLICT`] | each conflict a candidate room or start would add | 2 (the unit) |
//! | [`W_SAME_WAY`] | the current room already has an exit this way to the candidate | 6 |
//! | [`W_WAY_BACK`] | the candidate has the opposite exit back to the current room | 5 |
//! | [`W_DESC`] | the description printed now is (or is not) the one the candidate was first seen with; the listed exits are (not) the same | ±4 |
//! | [`W_LOOP`] | the candidate is the room the move left | −5 |
//! | [`W_HERE`] | the lattice puts the candidate one step this way | 3 |
//! | [`W_LEVEL`] | the candidate lies on another floor than the move reaches, or its way back climbs as the way there does | −3 |
//! | [`W_QUALIFIER`] | the words of a listed name's qualifier ("north to mcginty salvage") found in the description | 3 × share |
//! | [`W_TEXT`] | how well the reply's title matches the candidate's listed name | 2 × match |
//! | [`W_SILENT`] | the candidate's description speaks of several ways out but not of the one arrived by | −2 (+1 when it speaks of it) |
//! | [`W_NOVEL`] | a full description suggests a first visit, a bare title a return | ±1 |
//! | [`W_POINTED`], [`W_PLACEMENT`] | where the finished map puts a same-titled room, against its listed qualifier | 1 |
//! | [`BREAK_BACK`], [`BREAK_POSITION`], [`BREAK_SLOT`] | the cost of starting a move elsewhere than the room the player was in | 2, 3, 4 |
//! | [`GAP`], [`CHANGE`], [`CHANGE_FIRM`], [`SUPPORT`], [`BARRED`], [`SILENT`] | the second look at every start ([`super::consistency`]) | 0.3–3 |
//! | [`SLOT_CUE`], [`W_DESCRIBED`] | naming a room met without a title: the share of a listed name its surrounding words must hold; a description naming it whole the way it was entered | 0.5, 1.5 |
//! | [`VERBOSE_RETURNS`] | straight returns printing the description again that show a transcript verbose | 2 |
//! | [`ALIKE_ROOM`], [`ALIKE_SELF_WAY`], [`ALIKE_BENT`] | `alike-walked`: the cost of a room, of a way into its own room, of a way whose way back leads elsewhere, in a reading of a maze's walk | 1, 3, 1 |
//! | [`ALIKE_BUDGET`], [`ALIKE_EXTRA_ROOMS`] | `alike-walked`: how far the search for the cheapest reading may go | 40 000 trials, 16 rooms |
//! | [`OWN_WAY_MIN_MOVES`], [`OWN_WAY_MAX_WORDS`] | `own-ways`: how often a word must take the player to another room, and how long it may be, to be a way of the game's own | 2 moves, 3 words |
//! | (none) | `walked-bent` (a bent way walked both ways): every part of its evidence is required, none weighed against another, so it adds no weight | — |

/// How well the reply's title matches a candidate's listed name (1 for the whole name, 0.5 for
/// one of several rooms sharing the title, the share of words for a partial match), times two:
/// a title names its room about as surely as one conflict speaks against it, so neither the
/// title alone nor one conflict alone decides between two rooms of one title.
pub const W_TEXT: f64 = 2.0;

/// The share of a listed name's qualifier words ("wharf road (north to mcginty salvage)") that
/// the description holds, times three; also the penalty when a reply names another member of
/// a maze's title than the room's earlier texts did. More than a title's match (2), since the
/// qualifier is what tells same-titled rooms apart; less than memory (5, 6).
pub const W_QUALIFIER: f64 = 3.0;

/// Penalty for a same-titled room whose way that its listed qualifier points at something else
/// ("restaurant to north") leads to another room of its own title: a qualifier names what tells
/// a room from its siblings, never a sibling. A tie-breaker (1) among the naming scores.
pub const W_POINTED: f64 = 1.0;

/// Weight of what the finished map says of where a same-titled room lies (its side, its floor,
/// its neighbours: [`super::placement`]) against its listed qualifier ("east side", "3rd
/// floor"): one unit of the naming scores, as much as a qualifier word found in the text.
pub const W_PLACEMENT: f64 = 1.0;

/// The current room already has an exit this way to the candidate: the player made this very
/// move before. The strongest evidence there is: it outweighs a changed description and a
/// conflict together ([`W_DESC`] + [`W_CONFLICT`]).
pub const W_SAME_WAY: f64 = 6.0;

/// The candidate has the opposite exit back to the current room: the way back leads here. A
/// little weaker than the same move ([`W_SAME_WAY`]): ways back twist in mazes and caves.
pub const W_WAY_BACK: f64 = 5.0;

/// Each conflict a candidate room or start would add to the map: the unit of this table.
pub const W_CONFLICT: f64 = 2.0;

/// The description printed now is the one the candidate was first seen with (similarity at
/// least [`SAME_DESC`]; less similar ones lose in proportion), or the listed exits are the
/// same (or differ). Twice a conflict: a game prints one room's description word for word, and
/// its map need not be flat, so a description printed again beats the lattice.
pub const W_DESC: f64 = 4.0;

/// The lattice puts the candidate exactly one step the way the move went: more than a conflict
/// (the move lands where the map expects it), less than memory or a description.
pub const W_HERE: f64 = 3.0;

/// Penalty for a candidate whose description speaks of two or more ways out but not of the
/// one the move arrives by (and half of it as credit when it speaks of that way): one
/// conflict, since descriptions leave ways out as often as they list them.
pub const W_SILENT: f64 = 2.0;

/// Description similarity (shared distinct words, Jaccard) from which two descriptions are one
/// room's: the same room's description varies by the things lying about, which
/// [`super::identity::room_prose`] mostly removes; 0.8 leaves room for the rest.
pub const SAME_DESC: f64 = 0.8;

/// Content words from which a description printed again names its room outright, whatever the
/// lattice says: a maze's rooms share a short one ("a maze of twisty little passages, all
/// alike" has 7), a room's own description is longer.
pub const DISTINCTIVE: usize = 12;

/// Penalty for the candidate that is the room the move left: a move whose reply shows a room
/// went somewhere; as strong as the way back, since a title printed after a move is the room
/// arrived in.
pub const W_LOOP: f64 = 5.0;

/// How far the known room whose earlier texts share a bare title's words must lead the next
/// (idf-weighted shared stems): half a word shared by every candidate but one, so one
/// distinctive word decides and stock phrases do not.
pub const TOLD_LEAD: f64 = 0.5;

/// Penalty for a candidate on another lattice level than the move reaches, or whose
/// description says its way back climbs as this way does: more than a conflict, since floors
/// are what same-titled rooms (a hall on three floors) differ by.
pub const W_LEVEL: f64 = 3.0;

/// A full description suggests a first visit (a new room), a bare title a return: the
/// weakest evidence, a tie-breaker.
pub const W_NOVEL: f64 = 1.0;

/// The cost of starting a move in the room its destination's known way back leads to, instead
/// of where the player was (and, with one more, of keeping the player's room against such a
/// way back): one conflict — the way back is as strong as the conflict it removes.
pub const BREAK_BACK: f64 = 2.0;

/// The cost of starting a move in the room the lattice places one step back from its
/// destination: more than a way back ([`BREAK_BACK`]), since the lattice only guesses.
pub const BREAK_POSITION: f64 = 3.0;

/// The bar below which no known room is where a move started, so it started in a room the
/// transcript never showed (a slot); also the penalty for keeping the player's room when its
/// listed exits leave the way out. Two conflicts: a start is moved off the text only on strong
/// evidence.
pub const BREAK_SLOT: f64 = 4.0;

/// Share of a listed name's words a slot's surrounding text must hold to name the slot
/// outright: half, so "You get off the bench." names "bench" and not "park bench north".
pub const SLOT_CUE: f64 = 0.5;

/// The weight of [`super::naming::described_fit`]: a whole name the game itself places the way
/// a slot was entered ("The library lies to the southeast.") outweighs any words around the
/// slot ([`super::naming::context_fit`] is at most 1, and [`SLOT_CUE`] names a slot outright):
/// one and a half.
pub const W_DESCRIBED: f64 = 1.5;

/// How many straight returns ("north" then "south") that print the room's description again
/// show a transcript verbose (`tracker::verbose`), with none that prints the title alone: two,
/// so that one return after a light came on or a changed room decides nothing.
pub const VERBOSE_RETURNS: usize = 2;

/// How many known exits the skipped steps of a transcript of moves may have walked before the
/// next kept move: a cleaned walkthrough drops short re-walks (MANGO's gaps are one to four
/// moves), not long journeys.
pub const SKIP_DEPTH: usize = 4;

/// How many moves back the hindsight stage "walked back" retraces: the walk back a transcript
/// skipped is short, and a longer chain of rooms that all name the way back is rare.
pub const WALK_BACK_DEPTH: usize = 3;

/// How far (lattice steps) a move must miss for hindsight to move its start: any miss, since
/// an exact lattice is what a move that started where it says keeps.
pub const HINDSIGHT_MISS: i32 = 1;

/// Second look ([`super::consistency`]): the cost of a start away from the continuation (where
/// the previous step left the player). A quarter of a conflict: a skipped step is the exception.
pub const GAP: f64 = 0.5;

/// Second look: the cost of a start other than the tracker's, which weighed the text and the
/// lattice: a new gap costs both, and one conflict removed pays for it.
pub const CHANGE: f64 = 0.4;

/// Second look: the same for a start the text or a way back vouches for: only two conflicts
/// move it.
pub const CHANGE_FIRM: f64 = 1.5;

/// Second look: the credit for a move another move confirms (a way back, or the same move
/// again): less than a gap, so a confirmation alone moves no start.
pub const SUPPORT: f64 = 0.3;

/// Second look: the cost of a start the game's list of exits rules out: three conflicts, since
/// the game's own list is the surest word on a room's ways.
pub const BARRED: f64 = 3.0;

/// Second look: the cost of a start whose description speaks of other ways but not of the
/// move's: a little more than moving the start ([`CHANGE`]).
pub const SILENT: f64 = 0.6;

/// How many of a word's moves the map must witness (compass moves joining the same two rooms),
/// all agreeing on one way, before the word is read as that way (`tracker::learned_ways`). One
/// witness can mislead: where a connection bends, the way back is not the way there reversed;
/// two agreeing witnesses of different moves are what "every use goes the same way" can rest on.
pub const LEARNED_WAY_WITNESSES: usize = 2;

/// Rule `alike-walked`: how many trials (one event read under one guess of which room an
/// arrival is) the search for the fewest rooms may make in all before it gives up and leaves
/// the walk to the reader. A maze of ten rooms alike walked in three hundred steps fits in a
/// few thousand; a walk no small map can hold (a random way, a map changed in play) would try
/// every guess, so the cap keeps such a transcript's cost to a few milliseconds.
pub const ALIKE_BUDGET: usize = 40_000;

/// Rule `alike-walked`: how many rooms beyond one per title the search may posit. A maze of
/// rooms alike needs one per room of the maze (the held-out class: ten); a walk that needs
/// more is more likely a game that moves the player at random than a bigger maze.
pub const ALIKE_EXTRA_ROOMS: usize = 16;

/// Rule `alike-walked`: the cost of one more room in a reading of the walk, the unit the
/// other two are set against. Fewest rooms is the plainest reading; alone it would read a maze
/// as two rooms whose ways lead into themselves, which the walk never contradicts.
pub const ALIKE_ROOM: f64 = 1.0;

/// Rule `alike-walked`: the cost of a way that leads into the room it leaves. Games almost
/// never have one (a maze's "you go round in a circle" is the one kind), so a reading that
/// needs one pays more than the room that would avoid it: 3 rooms' worth.
pub const ALIKE_SELF_WAY: f64 = 3.0;

/// Rule `alike-walked`: the cost of a way whose way back the reading knows to lead elsewhere
/// or to be refused (a bent or one-way way). Mazes have them, but most ways of most maps lead
/// straight back: one such way costs as much as the room that would make it straight, so a
/// room is posited once it straightens two. At half a room the maze games written for this
/// rule read worse without a list (Warrens 6 of 18 pairs, against 12 at one room).
pub const ALIKE_BENT: f64 = 1.0;

/// Rule `own-ways`: how many times an action with no compass meaning must open its reply with
/// another room's title (and never show no room, unless refused) to be a way of the game's own.
/// One arrival can be a teleport, a magic word or a scripted scene; a way is used again, and a
/// player exploring walks most ways there and back. Two is the least that shows a habit.
pub const OWN_WAY_MIN_MOVES: usize = 2;

/// Rule `own-ways`: the longest action, in words, read as a way's name ("backward left",
/// "go forward right"); longer actions are sentences to the parser ("put the coin in the slot").
pub const OWN_WAY_MAX_WORDS: usize = 3;
