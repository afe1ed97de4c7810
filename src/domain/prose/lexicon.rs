//! The spatial vocabulary: which nouns name places, which verbs move people, which
//! prepositions make a path, and which words state a direction or a relative position.
//!
//! These are hand-written word lists, as the issue allows for the spatial vocabulary; what part
//! of speech a word plays in a sentence is the tagger's decision, not this module's (a word here
//! counts only where the tagger says it is a noun, a verb or a preposition).

use crate::domain::Direction;

/// Nouns whose mention names a place on its own ("the library", "a moor"): the rooms of
/// [`INDOOR`] and these.
#[rustfmt::skip]
const OTHER_PLACE_HEADS: &[&str] = &[
    "tower", "turret", "battlement", "leads", "roof", "porch", "portico", "yard", "stable",
    "stable-yard", "barn", "shed", "outhouse", "terrace", "balcony", "veranda", "verandah",
    "conservatory", "greenhouse", "summer-house", "tea-house", "pavilion", "lodge", "gatehouse",
    "house", "mansion", "manor", "manor-house", "abbey", "castle", "palace", "cottage", "hut",
    "cabin", "log-house", "blockhouse", "stockade", "fort", "church", "cathedral", "inn", "tavern",
    "hotel", "station", "farm", "farmhouse", "grange", "hamlet", "village", "town", "city",
    "building", "mill", "ruin", "ruins", "temple", "monastery", "convent", "prison", "school",
    "shop", "camp", "kraal", "homestead", "rectory", "vicarage", "parsonage", "garden",
    "kitchen-garden", "orchard", "shrubbery", "lawn", "park", "avenue", "drive", "walk", "path",
    "pathway", "footpath", "lane", "road", "street", "track", "highway", "bridge", "gate", "gates",
    "gateway", "square", "market", "churchyard", "graveyard", "cemetery", "plantation", "grove",
    "wood", "woods", "forest", "thicket", "copse", "meadow", "field", "pasture", "paddock", "vineyard", "common", "heath",
    "moor", "moorland", "fen", "marsh", "morass", "swamp", "bog", "hill", "hills", "knoll",
    "mound", "ridge", "mountain", "mountains", "peak", "summit", "slope", "valley", "vale", "glen",
    "dell", "ravine", "gorge", "gully", "pass", "cliff", "precipice", "plateau", "plain", "desert",
    "veld", "country", "island", "isle", "spit", "beach", "shore", "coast", "bay", "cove",
    "harbour", "harbor", "anchorage", "river", "brook", "stream", "lake", "pool", "pond", "spring",
    "well", "fountain", "rock", "crag", "cave", "cavern", "tunnel", "shaft", "pit", "abyss",
    "gulf", "crater", "grotto", "mine", "ledge", "chasm", "rookery", "rise",
];

/// True for a noun (as written, lowercased) that names a place on its own: a listed one, or
/// a hyphenated compound ending in one ("lodge-gates", "church-yard", "stair-well"), which a
/// story writes as its own word for a place of that kind.
fn place_head(noun: &str) -> bool {
    let listed = |w: &str| contains(INDOOR, w) || contains(OTHER_PLACE_HEADS, w);
    listed(noun)
        || noun.rsplit_once('-').is_some_and(|(first, last)| {
            !first.is_empty() && first.chars().all(char::is_alphabetic) && listed(last)
        })
}

/// Place nouns that count only where a way goes to, through or from them ("through the
/// door"), never on mention alone: a door or a window is usually furniture of a room.
#[rustfmt::skip]
const WAY_HEADS: &[&str] = &[
    "door", "doorway", "window", "threshold", "entrance", "archway", "arch", "opening",
    "embrasure", "steps", "ladder", "trap-door", "hatch",
];

/// Buildings that a story calls by many names ("the house", "the mansion", "the abbey"):
/// definite mentions of any of them are one place unless a name tells them apart.
#[rustfmt::skip]
const DWELLINGS: &[&str] = &[
    "house", "mansion", "manor", "manor-house", "abbey", "castle", "palace", "building",
];

/// What a "-house" is for when it is no one's home: "the tea-house", "the summer-house" of
/// an estate are places of their own, not the story's main building ("the manor-house",
/// "the log-house").
#[rustfmt::skip]
const OUTBUILDINGS: &[&str] = &[
    "tea", "summer", "hen", "boat", "ice", "wash", "coach", "out", "green", "bath", "store",
    "guard", "light", "ware", "bake", "brew", "cart", "pump", "dog", "slaughter", "gate", "club",
    "custom", "court", "play", "opera", "meeting", "school", "engine", "power", "pack", "work",
    "alms", "hot", "glass", "ale", "coffee", "chop", "eating", "counting", "watch", "toll",
    "wheel", "carriage", "poor", "mad", "pest", "dairy", "milk", "smoke", "gun", "powder",
];

/// Heads that name the main building when they end a proper name ("Thornfield Hall",
/// "Baskerville Grange"), though "the hall" alone is a room.
#[rustfmt::skip]
const NAMED_DWELLINGS: &[&str] = &[
    "hall", "grange", "lodge", "court", "towers", "priory", "manor", "tower", "cottage", "rectory",
    "vicarage", "parsonage",
];

/// Adjectives that describe a place without telling it from another of its kind ("the long
/// gallery" is the gallery seen before); any other modifier names a different place.
#[rustfmt::skip]
const DESCRIPTIVE: &[&str] = &[
    "long", "short", "great", "large", "small", "little", "old", "ancient", "dark", "narrow",
    "wide", "broad", "high", "low", "steep", "deep", "vast", "huge", "gloomy", "cold", "damp",
    "bright", "fine", "beautiful", "grand", "magnificent", "same", "whole", "very", "gray", "grey",
    "black", "white", "green", "silent", "empty", "dim", "dismal", "obscure", "spacious", "lofty",
    "noble", "pretty", "wretched", "rude", "rough", "open", "immense", "enormous", "stately",
    "splendid", "curious", "strange", "dreary", "quiet", "lonely", "solitary", "desolate",
    "sombre", "somber", "horrible", "terrible", "awful", "gaping", "own", "such",
    "lovely", "wonderful", "glorious", "pleasant", "charming", "delightful", "dreadful",
    "fearful", "gloomy", "cheerful", "comfortable", "handsome", "famous", "extraordinary",
    "stupendous", "wondrous", "mighty", "perfect", "natural", "spacious",
];

/// Verbs of going: a moving subject and a path of prepositional phrases ("went into the
/// hall", "passed through the gate").
#[rustfmt::skip]
const GO_VERBS: &[&str] = &[
    "go", "come", "walk", "run", "pass", "proceed", "step", "turn", "hurry", "rush", "wander",
    "creep", "steal", "move", "advance", "return", "make", "get", "climb", "descend", "ascend",
    "mount", "clamber", "scramble", "march", "tramp", "trudge", "ride", "drive", "sail", "row",
    "stroll", "stride", "dash", "slip", "crawl", "plunge", "penetrate", "continue", "journey",
    "travel", "fly", "flee", "escape", "retreat", "retire", "emerge", "issue", "arrive", "stray",
    "saunter", "stagger", "stumble", "totter", "toil", "push", "press", "file", "troop", "hasten",
    "head", "enter", "cross", "reach", "gain", "quit", "leave", "follow", "traverse", "approach", "precede",
    "lead", "conduct", "guide", "show", "usher", "take", "bring", "carry", "lower", "swing",
    "jump", "leap", "spring", "drop", "fall", "sink", "rise", "wind", "skirt", "round", "tread",
    "swarm",
];

/// Verbs whose direct object the mover goes by, not into ("passing a church", "skirted the
/// wood"): a place beside the path.
const PASS_BY_VERBS: &[&str] = &["pass", "skirt"];

/// True for a verb (base form) whose object the mover goes by ([`PASS_BY_VERBS`]).
pub fn is_pass_by_verb(base: &str) -> bool {
    contains(PASS_BY_VERBS, base)
}

/// Ways travelled along for miles, not crossed: the subject of a sentence while the reader
/// travels ("the roads were heavy"), the traveller is on one.
const ROUTE_HEADS: &[&str] = &["road", "highway", "turnpike", "lane", "track", "street"];

/// True for a noun naming a way travelled along ([`ROUTE_HEADS`]).
pub fn is_route_head(noun: &str) -> bool {
    contains(ROUTE_HEADS, &singular(noun)) || contains(ROUTE_HEADS, &noun.to_lowercase())
}

/// Verbs whose direct object is where the mover arrives ("reached the gate").
const ARRIVE_OBJECT: &[&str] = &["reach", "enter", "gain", "regain", "approach", "attain"];

/// Verbs whose direct object is walked along or through ("crossed the hall").
#[rustfmt::skip]
const VIA_OBJECT: &[&str] = &[
    "cross", "pass", "traverse", "ascend", "descend", "climb", "mount", "follow", "tread", "skirt",
    "round", "thread",
];

/// Verbs whose direct object is where the mover leaves from ("left the room").
const LEAVE_OBJECT: &[&str] = &["leave", "quit", "exit"];

/// Verbs that carry a direction of their own.
#[rustfmt::skip]
const VERTICAL_VERBS: &[(&str, Direction)] = &[
    ("ascend", Direction::Up), ("climb", Direction::Up), ("mount", Direction::Up),
    ("descend", Direction::Down),
];

/// Verbs by which a place makes a way ("the door led into the hall", "the road went over the
/// ravine", "a circular stairway, which went steeply down"): a direction word in the clause is
/// the way's, going from the subject.
#[rustfmt::skip]
const WAY_VERBS: &[&str] = &[
    "lead", "open", "give", "communicate", "connect", "run", "go", "wind", "descend", "ascend",
    "rise", "slope", "climb", "drop", "fall", "sink", "curve", "turn", "cut", "tunnel", "pass",
    "cross", "continue", "end", "terminate", "issue", "branch", "zigzag",
];

/// Verbs by which a place stands where it is beside another ("the hills rising behind", "the
/// stables lay beyond the court", "the lawn girdling the mansion", "the wood divided by a
/// path"): a direction word in the clause says where the subject lies from the other place.
#[rustfmt::skip]
const POSITION_VERBS: &[&str] = &[
    "be", "lie", "stand", "rise", "tower", "stretch", "extend", "border", "adjoin", "overlook",
    "face", "look", "join", "surround", "enclose", "girdle", "encircle", "ring", "bound",
    "divide", "separate", "shut", "flank", "line", "skirt", "span", "crown", "command", "front",
    "hang", "project", "jut", "sit", "nestle", "straggle", "abut", "touch", "meet", "shelter",
    "hem", "fence", "wall", "close", "open", "give", "end", "terminate",
    // A place that reaches another ("the road reached the plain") lies against it.
    "reach",
];

/// Position verbs whose object is the other place ("girdling the base of the mansion",
/// "separating the front and back rooms", "encloses the anchorage").
#[rustfmt::skip]
const TRANSITIVE_POSITION_VERBS: &[&str] = &[
    "adjoin", "overlook", "face", "join", "surround", "enclose", "girdle", "encircle", "ring",
    "bound", "divide", "separate", "flank", "line", "skirt", "span", "crown", "command", "front",
    "border", "abut", "touch", "meet", "cross", "hem", "fence", "wall", "shelter",
    // "On reaching the plain, it [the road] turned": a way that reaches a place touches it.
    "reach",
];

/// Verbs of looking, as written ("saw it from the lawn", "gazed out of the window across to
/// the moor"): with the place looked from in the clause, what is seen lies in sight of it.
#[rustfmt::skip]
const VIEW_VERBS: &[&str] = &[
    "look", "looks", "looked", "looking", "gaze", "gazes", "gazed", "gazing", "see", "sees",
    "saw", "seen", "seeing", "stare", "stared", "staring", "peer", "peered", "peering",
    "behold", "beheld", "survey", "surveyed", "surveying", "view", "viewed", "viewing",
];

/// True for a verb of looking as written ([`VIEW_VERBS`]).
pub fn is_view_verb(word: &str) -> bool {
    contains(VIEW_VERBS, &word.to_lowercase())
}

/// Verbs of being somewhere ("we were in the hall", "I stood at the door"): where the reader
/// is, without a way.
#[rustfmt::skip]
const BEING_VERBS: &[&str] = &[
    "be", "stand", "sit", "stay", "remain", "wait", "stop", "halt", "find", "lie", "sleep",
    "dine", "live", "linger", "rest", "pause", "camp", "encamp",
];

/// Heads of common nouns for people, who can be somewhere ("the men were in the boat"), as
/// against things ("the lowest depth was in the mines"). Plurals are listed as written, so
/// no singular form is guessed.
const PERSON_HEADS: &[&str] = &[
    "man", "men", "woman", "women", "people", "person", "party", "company", "guide", "guides",
    "servant", "servants", "girl", "girls", "boy", "boys", "child", "children", "uncle", "aunt",
    "father", "mother", "brother", "sister", "son", "daughter", "husband", "wife", "driver",
    "coachman", "friend", "friends", "captain", "doctor", "squire", "master", "mistress", "lady",
    "ladies", "maid", "sailor", "sailors", "pirate", "pirates", "hunter", "hunters", "stranger",
    "guest", "guests", "host", "crew", "troop", "soldiers", "soldier", "king", "queen", "family",
    "others", "band", "anyone", "everyone", "someone",
];

/// True for the head of a common noun for people ([`PERSON_HEADS`]).
pub fn is_person_head(noun: &str) -> bool {
    contains(PERSON_HEADS, noun)
}

/// Verbs after which an infinitive is what happened ("proceeded to descend"), not what was
/// meant or wished ("intending to descend").
const ASPECTUAL_VERBS: &[&str] = &["proceed", "begin", "continue", "hasten", "start", "set"];

/// Irregular past forms and participles of the verbs above, to their base form.
#[rustfmt::skip]
const IRREGULAR: &[(&str, &str)] = &[
    ("went", "go"), ("gone", "go"), ("goes", "go"), ("going", "go"), ("came", "come"),
    ("ran", "run"), ("led", "lead"), ("rode", "ride"), ("ridden", "ride"), ("drove", "drive"),
    ("driven", "drive"), ("crept", "creep"), ("stole", "steal"), ("stolen", "steal"),
    ("fled", "flee"), ("made", "make"), ("got", "get"), ("gotten", "get"), ("strode", "stride"),
    ("left", "leave"), ("took", "take"), ("taken", "take"), ("brought", "bring"),
    ("showed", "show"), ("shown", "show"), ("flew", "fly"), ("flown", "fly"), ("fell", "fall"),
    ("fallen", "fall"), ("sank", "sink"), ("sunk", "sink"), ("rose", "rise"), ("risen", "rise"),
    ("wound", "wind"), ("sprang", "spring"), ("sprung", "spring"), ("leapt", "leap"),
    ("trod", "tread"), ("trodden", "tread"), ("swung", "swing"), ("gave", "give"),
    ("given", "give"), ("lay", "lie"), ("lain", "lie"), ("stood", "stand"), ("found", "find"),
    ("sat", "sit"), ("lying", "lie"), ("hung", "hang"), ("met", "meet"), ("is", "be"),
    ("was", "be"), ("were", "be"), ("are", "be"), ("am", "be"), ("been", "be"), ("being", "be"),
    ("'s", "be"), ("'re", "be"), ("'m", "be"), ("sought", "seek"), ("swept", "sweep"),
];

/// Path prepositions and the part of the path their object is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathRole {
    /// Where the move starts ("from", "out of").
    Source,
    /// A place passed on the way ("through", "across", "along", "past").
    Via,
    /// Where the move ends ("into", "to", "towards").
    Goal,
}

/// The path role of a preposition (one word, lowercased).
pub fn path_role(word: &str) -> Option<PathRole> {
    Some(match word {
        "from" | "off" => PathRole::Source,
        "through" | "across" | "along" | "past" | "over" | "under" | "beneath" | "round"
        | "around" | "via" | "by" | "up" | "down" | "throughout" => PathRole::Via,
        // "skirted among the woods", "crept down amid the trees": a place gone through.
        "among" | "amongst" | "amid" | "amidst" => PathRole::Via,
        "into" | "to" | "towards" | "toward" | "unto" | "onto" | "at" | "inside" | "within"
        | "upon" | "on" | "in" => PathRole::Goal,
        _ => return None,
    })
}

/// Prepositions by which one place lies beside another without a path between them ("the
/// rocky path beyond the courtyard", "a knoll between the house and gates", "the beach near the
/// stockade"), with the direction going from the preposition's object to the place it is said
/// of, when the words give one (above → up: the attic above the bedroom is up from it).
#[rustfmt::skip]
const POSITION_PREPOSITIONS: &[(&str, Option<Direction>)] = &[
    ("behind", None), ("beyond", None), ("beside", None), ("besides", None),
    ("opposite", None), ("near", None), ("adjoining", None),
    ("facing", None), ("between", None), ("at", None), ("within", None), ("outside", None),
    ("off", None), ("alongside", None), ("against", None), ("above", Some(Direction::Up)),
    ("over", Some(Direction::Up)), ("below", Some(Direction::Down)),
    ("beneath", Some(Direction::Down)), ("under", Some(Direction::Down)),
    ("underneath", Some(Direction::Down)),
];

/// Two-word prepositions of position.
const POSITION_PAIRS: &[[&str; 2]] = &[["next", "to"], ["close", "to"], ["near", "to"]];

/// How a run of preposition words reads: a part of a path, a position, a direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Preposition {
    /// The part of a path its object is, for a mover.
    pub role: Option<PathRole>,
    /// Its object is beside the place it is said of (a position, not a path).
    pub position: bool,
    /// A direction the words state (compass, up or down), going from the object to the place
    /// it is said of for a position, along the path for a move.
    pub direction: Option<Direction>,
}

/// Reads a run of preposition words, lowercased ("out of", "far below in", "north of").
pub fn preposition(words: &[&str]) -> Preposition {
    let Some(&last) = words.last() else {
        return Preposition::default();
    };
    let pair = match words {
        [.., a, b] => Some([*a, *b]),
        _ => None,
    };
    let compass_of = matches!(words, [.., d, "of"] if direction_word(d).is_some());
    let role = if words.contains(&"from") || pair == Some(["out", "of"]) || last == "off" {
        Some(PathRole::Source)
    } else {
        path_role(last)
    };
    let listed = POSITION_PREPOSITIONS.iter().find(|(w, _)| *w == last);
    let position =
        listed.is_some() || pair.is_some_and(|p| POSITION_PAIRS.contains(&p)) || compass_of;
    let direction = words
        .iter()
        .find_map(|w| direction_word(w).filter(|_| !matches!(*w, "up" | "down") || !position))
        .or(listed.and_then(|(_, d)| *d));
    Preposition {
        role,
        position,
        direction,
    }
}

fn contains(list: &[&str], word: &str) -> bool {
    list.contains(&word)
}

/// The singular of a plural noun ("vaults" → "vault", "passages" → "passage"); other words
/// unchanged.
pub fn singular(noun: &str) -> String {
    let n = noun.to_lowercase();
    if place_head(&n) || contains(WAY_HEADS, &n) {
        return n;
    }
    for (plural, single) in [("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("sses", "ss")] {
        if let Some(stem) = n.strip_suffix(plural) {
            return format!("{stem}{single}");
        }
    }
    match n.strip_suffix('s') {
        Some(stem) if !stem.ends_with('s') && stem.len() > 2 => stem.to_string(),
        _ => n,
    }
}

/// The base form of a verb ("passed" → "pass", "led" → "lead", "hurried" → "hurry").
pub fn verb_base(verb: &str) -> String {
    let v = verb.to_lowercase();
    if let Some((_, base)) = IRREGULAR.iter().find(|(form, _)| *form == v) {
        return (*base).to_string();
    }
    let known = |s: &str| {
        contains(GO_VERBS, s)
            || contains(WAY_VERBS, s)
            || contains(POSITION_VERBS, s)
            || contains(BEING_VERBS, s)
            || contains(ASPECTUAL_VERBS, s)
    };
    if known(&v) {
        return v;
    }
    for suffix in ["ing", "ed", "es", "s", "d"] {
        if let Some(stem) = v.strip_suffix(suffix) {
            let candidates = [
                stem.to_string(),
                format!("{stem}e"),
                stem.strip_suffix('i')
                    .map(|s| format!("{s}y"))
                    .unwrap_or_default(),
                // A doubled final consonant: "stepped" → "step".
                match stem.as_bytes() {
                    [.., a, b] if a == b => stem[..stem.len() - 1].to_string(),
                    _ => String::new(),
                },
            ];
            if let Some(c) = candidates.iter().find(|c| !c.is_empty() && known(c)) {
                return c.clone();
            }
        }
    }
    v
}

/// True for a noun that names a place by itself.
pub fn is_place_head(noun: &str) -> bool {
    place_head(&singular(noun)) || place_head(&noun.to_lowercase())
}

/// Parts of a room a person can step into ("a clothes closet", "an alcove"): like a door,
/// a place of the map only where a way passes it; otherwise the room they are in.
#[rustfmt::skip]
const ROOM_PARTS: &[&str] = &[
    "closet", "alcove", "recess", "nook", "cupboard", "wardrobe", "niche", "bay-window",
];

/// True for a noun that is a place only where a way passes it (a door, a window, a closet).
pub fn is_way_head(noun: &str) -> bool {
    let (one, lower) = (singular(noun), noun.to_lowercase());
    [WAY_HEADS, ROOM_PARTS]
        .iter()
        .any(|list| contains(list, &one) || contains(list, &lower))
}

/// Plural place nouns that name one place ("the leads" of a roof, "the stairs"): their
/// lemma keeps the "s".
const PLURALIA: &[&str] = &[
    "leads",
    "stairs",
    "ruins",
    "grounds",
    "battlements",
    "steps",
];

/// Heads a story uses for one place in turn ("the cave" … "the cavern", "my room" … "my
/// chamber", "the marsh" … "the morass"): a definite mention may name a place first named with
/// a word of the same group. Each group is named by its first word.
#[rustfmt::skip]
const KIN: &[&[&str]] = &[
    &["cave", "cavern", "grotto"],
    // A ravine or a gorge is a gulf seen from its edge: "a ravine … This vast gulf".
    &["shaft", "pit", "well", "abyss", "gulf", "chasm", "ravine", "gorge"],
    &["marsh", "morass", "swamp", "bog", "fen"],
    &["knoll", "mound", "hillock", "hill", "slope"],
    &["country", "plain", "land"],
    &["abbey", "convent", "monastery", "priory", "nunnery"],
    &["stream", "brook", "rivulet", "streamlet", "beck"],
    &["court", "courtyard", "quadrangle", "yard"],
    &["room", "chamber", "bedchamber", "bed-chamber", "bedroom", "bed-room", "apartment", "prison"],
    &["road", "highway", "pathway", "turnpike"],
    &["field", "meadow", "pasture"],
    &["wood", "forest"],
    &["passage", "corridor"],
    &["stair", "stairs", "staircase", "stairway"],
    &["roof", "leads", "battlement", "battlements"],
    &["tower", "turret"],
    &["gate", "gates", "gateway"],
    &["house", "mansion", "manor", "manor-house", "building"],
];

/// Compounds that are a place of their own kind, not a kind of their last word's place: a
/// tea-house or a summer-house is no house, a trap-door no door.
const KIN_EXEMPT: &[&str] = &["tea-house", "summer-house", "trap-door", "out-house"];

/// Units of measure that are also place nouns ("six hundred yards"): with a number before
/// them they measure, they do not name.
const UNITS: &[&str] = &[
    "yard", "foot", "feet", "mile", "league", "pace", "fathom", "rod",
];

/// Heads that, owned by a person, name what the person does, not a place ("his morning
/// walks", "our path", "her drive").
const ACTIVITIES: &[&str] = &[
    "walk", "drive", "ride", "path", "way", "journey", "road", "course",
    // A person's (or a ship's) peak, summit or crest is a part of them, not a landform.
    "peak", "summit", "crest",
];

/// Materials, some also place nouns ("solid rock", "lava rock"): without a determiner they
/// name the stuff, not a place; before a place noun ("the lava tunnel") they describe it and
/// do not tell it apart from others of its kind.
const MATERIALS: &[&str] = &[
    "rock", "stone", "snow", "ice", "sand", "earth", "grass", "water", "lava", "granite", "marble",
    "brick", "clay", "gravel", "chalk", "slate", "basalt", "flint",
];

/// The lemma of a place noun: its singular, lowercased, even for nouns listed in the plural
/// ("woods" → "wood"), except those that name one place in the plural ("stairs", "leads").
pub fn lemma(noun: &str) -> String {
    let n = noun.to_lowercase();
    if contains(PLURALIA, &n) {
        return n;
    }
    let stripped = n
        .strip_suffix('s')
        .filter(|st| st.len() > 2 && !st.ends_with('s') && place_head(st));
    match stripped {
        Some(st) => st.to_string(),
        None => singular(&n),
    }
}

/// The group of heads a head belongs to (see `KIN`), named by its first word; the lemma for
/// a head in no group.
///
/// A hyphenated compound of an outdoor place ("kitchen-garden", "log-house") is of its last
/// word's group: the story calls it by that word alone ("this garden", "the house"). Rooms
/// are not ("the dining-room" and "the room" are as often two rooms as one).
pub fn kin(noun: &str) -> String {
    let mut l = lemma(noun);
    if let Some((_, last)) = l.rsplit_once('-') {
        if place_head(last) && !contains(INDOOR, last) && !contains(KIN_EXEMPT, &l) {
            l = lemma(last);
        }
    }
    KIN.iter()
        .find(|g| g.contains(&l.as_str()))
        .and_then(|g| g.first())
        .map_or(l, |w| (*w).to_string())
}

/// True for a unit of measure.
pub fn is_unit(noun: &str) -> bool {
    contains(UNITS, &lemma(noun)) || contains(UNITS, &noun.to_lowercase())
}

/// True for a head that, owned by a person, names an activity or a part of them, not a place.
pub fn is_activity(noun: &str) -> bool {
    contains(ACTIVITIES, &lemma(noun))
}

/// True for a material.
pub fn is_material(noun: &str) -> bool {
    contains(MATERIALS, &lemma(noun))
}

/// Place nouns that name a place less surely than most: water that runs (a stream is a course,
/// not a place one stands in), rock, a roof.
const WEAK_HEADS: &[&str] = &[
    "river", "stream", "brook", "rivulet", "torrent", "rock", "roof",
];

/// Names of days and months: proper names, never places ("on Sunday").
#[rustfmt::skip]
const CALENDAR: &[&str] = &[
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "january",
    "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "christmas", "easter",
];

/// True for a place noun that names a place less surely than most.
pub fn is_weak_head(noun: &str) -> bool {
    contains(WEAK_HEADS, &lemma(noun))
}

/// Place nouns with a common sense that is no place: a season or a coil ("spring"), an
/// adverb's noun ("well"), a doing ("drive", "walk", "rise", "pass"), a body of people
/// ("court"), a room's use ("study", "office"), a share ("common"), a mechanism ("shaft"). A
/// mention of one is a place surely only where it stands in a spatial role ("down the
/// drive", "to the spring").
#[rustfmt::skip]
const POLYSEMOUS_HEADS: &[&str] = &[
    "spring", "well", "drive", "walk", "court", "common", "study", "cell", "pass", "mine",
    "rise", "square", "office", "landing", "shaft", "track", "spit", "station", "suite", "ruin",
];

/// True for a place noun with a common sense that is no place ([`POLYSEMOUS_HEADS`]).
pub fn is_polysemous_head(noun: &str) -> bool {
    contains(POLYSEMOUS_HEADS, &lemma(noun))
}

/// True for the name of a day or a month.
pub fn is_calendar(word: &str) -> bool {
    contains(CALENDAR, &word.to_lowercase())
}

/// Places inside a building: a link between one and the building is containment, not a way.
#[rustfmt::skip]
const INDOOR: &[&str] = &[
    "room", "hall", "chamber", "bedchamber", "bed-chamber", "bedroom", "bed-room", "gallery",
    "passage", "corridor", "library", "study", "kitchen", "scullery", "pantry", "parlour",
    "parlor", "drawing-room", "dining-room", "sitting-room", "billiard-room", "dressing-room",
    "morning-room", "breakfast-room", "schoolroom", "school-room", "nursery", "boudoir",
    "antechamber", "ante-room", "anteroom", "storeroom", "store-room", "cellar", "vault",
    "crypt", "attic", "garret", "loft", "landing", "lobby", "vestibule", "cloister", "cell",
    "chapel", "office", "apartment", "suite", "staircase", "stairway", "stair", "stairs",
    "hallway", "court", "courtyard", "quadrangle", "dungeon", "armoury",
];

/// True for a place inside a building.
pub fn is_indoor(noun: &str) -> bool {
    contains(INDOOR, &singular(noun))
}

/// Rooms a person keeps ("my room", "his chamber"): what an owned door or window opens from.
#[rustfmt::skip]
const ROOMS: &[&str] = &[
    "room", "chamber", "bedchamber", "bed-chamber", "bedroom", "bed-room", "apartment", "cell",
    "study", "closet", "cabin", "prison", "quarters", "dressing-room", "boudoir", "parlour",
];

/// True for a room a person keeps.
pub fn is_room(noun: &str) -> bool {
    contains(ROOMS, &singular(noun))
}

/// True for a building a story names in many ways, or a compound ending in one
/// ("log-house", "farmhouse").
pub fn is_dwelling(noun: &str) -> bool {
    let s = singular(noun);
    let outbuilding = s
        .strip_suffix("-house")
        .is_some_and(|kind| contains(OUTBUILDINGS, kind));
    contains(DWELLINGS, &s) || (s.ends_with("-house") && !outbuilding) || s == "farmhouse"
}

/// True for the head of a proper name that names the main building.
pub fn is_named_dwelling(noun: &str) -> bool {
    contains(NAMED_DWELLINGS, &singular(noun))
}

/// True for an adjective that does not tell two places of a kind apart.
pub fn is_descriptive(adjective: &str) -> bool {
    contains(DESCRIPTIVE, &adjective.to_lowercase())
}

/// True for a verb (base form) of going.
pub fn is_go_verb(base: &str) -> bool {
    contains(GO_VERBS, base)
}

/// True for a verb (base form) by which a place makes a way.
pub fn is_way_verb(base: &str) -> bool {
    contains(WAY_VERBS, base)
}

/// Prepositions whose object is a place and seldom a person: where one is ("at", "in",
/// "near"), where one goes or comes from ("to", "into", "towards", "from", "out of"), what one
/// goes through. A proper name with no place noun is a place only as the object of one of
/// these ([`is_name_preposition`]) or of [`NAME_OBJECT_VERBS`], or the subject of
/// [`NAME_PREDICATES`]: "behind", "beside", "past", "with", "round" and "before" take persons
/// as often as places.
#[rustfmt::skip]
const NAME_PREPOSITIONS: &[&str] = &[
    "at", "in", "into", "to", "unto", "towards", "toward", "from", "near", "through", "across",
    "within", "inside", "outside", "beyond", "throughout",
];

/// Verbs whose direct object, a proper name, is a place: one reaches or enters a town, not a
/// person ("left Hawkins", "passed Hawkins", "approached Hawkins" are said of persons).
const NAME_OBJECT_VERBS: &[&str] = &["reach", "enter", "gain", "regain", "attain"];

/// Verbs (base form) whose subject, a proper name, is a place: only land stretches, borders,
/// overlooks ("Grimpen lies", "Hawkins lay", "Hawkins stood" and "Hawkins ran" are not among
/// them: persons lie, stand and run).
#[rustfmt::skip]
const NAME_PREDICATES: &[&str] = &[
    "stretch", "extend", "border", "adjoin", "overlook", "surround", "enclose", "girdle",
    "encircle", "bound", "flank", "skirt", "span", "crown", "jut", "nestle", "straggle", "abut",
    "slope", "tower",
];

/// True when a preposition (its words, lowercased) makes its object, a proper name, a place
/// ([`NAME_PREPOSITIONS`], "out of").
pub fn is_name_preposition(words: &[&str]) -> bool {
    match words {
        [.., "out", "of"] => true,
        [.., last] => NAME_PREPOSITIONS.contains(last),
        [] => false,
    }
}

/// True for a verb (base form) whose object, a proper name, is a place ([`NAME_OBJECT_VERBS`]).
pub fn is_name_object_verb(base: &str) -> bool {
    contains(NAME_OBJECT_VERBS, base)
}

/// True for a verb (base form) whose subject, a proper name, is a place ([`NAME_PREDICATES`]).
pub fn is_name_predicate(base: &str) -> bool {
    contains(NAME_PREDICATES, base)
}

/// True for a verb (base form) by which a place stands beside another.
pub fn is_position_verb(base: &str) -> bool {
    contains(POSITION_VERBS, base)
}

/// True for a position verb whose object is the other place.
pub fn is_transitive_position_verb(base: &str) -> bool {
    contains(TRANSITIVE_POSITION_VERBS, base)
}

/// True for a verb (base form or as written) of being somewhere.
pub fn is_being_verb(base: &str) -> bool {
    contains(BEING_VERBS, base)
}

/// True for a verb after which an infinitive is what happened.
pub fn is_aspectual_verb(base: &str) -> bool {
    contains(ASPECTUAL_VERBS, base)
}

/// The path role of a verb's direct object, if it has one.
pub fn object_role(base: &str) -> Option<PathRole> {
    if contains(ARRIVE_OBJECT, base) {
        Some(PathRole::Goal)
    } else if contains(VIA_OBJECT, base) {
        Some(PathRole::Via)
    } else if contains(LEAVE_OBJECT, base) {
        Some(PathRole::Source)
    } else {
        None
    }
}

/// The direction a verb itself states (ascend → up).
pub fn verb_direction(base: &str) -> Option<Direction> {
    VERTICAL_VERBS
        .iter()
        .find(|(v, _)| *v == base)
        .map(|&(_, d)| d)
}

/// The direction a word states: compass words and their -ward forms, up/down words.
pub fn direction_word(word: &str) -> Option<Direction> {
    let w = word.to_lowercase();
    let w = w
        .trim_end_matches("wards")
        .trim_end_matches("ward")
        .trim_end_matches("erly")
        .trim_end_matches("ern");
    Some(match w {
        "north" => Direction::North,
        "south" => Direction::South,
        "east" => Direction::East,
        "west" => Direction::West,
        "northeast" | "north-east" => Direction::Northeast,
        "northwest" | "north-west" => Direction::Northwest,
        "southeast" | "south-east" => Direction::Southeast,
        "southwest" | "south-west" => Direction::Southwest,
        "up" | "upstairs" | "aloft" => Direction::Up,
        "down" | "downstairs" | "below" => Direction::Down,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verbs_come_to_their_base_form() {
        for (form, base) in [
            ("passed", "pass"),
            ("led", "lead"),
            ("hurried", "hurry"),
            ("stepped", "step"),
            ("entered", "enter"),
            ("descending", "descend"),
            ("came", "come"),
            ("proceeded", "proceed"),
            ("crossing", "cross"),
        ] {
            assert_eq!(verb_base(form), base, "{form}");
        }
    }

    #[test]
    fn plurals_come_to_their_singular() {
        assert_eq!(singular("vaults"), "vault");
        assert_eq!(singular("passages"), "passage");
        assert_eq!(singular("shrubberies"), "shrubbery");
        assert_eq!(singular("stairs"), "stairs");
        assert!(is_place_head("Galleries"));
        assert!(!is_place_head("lips"));
    }

    #[test]
    fn direction_words_include_their_ward_and_ern_forms() {
        assert_eq!(direction_word("northward"), Some(Direction::North));
        assert_eq!(direction_word("eastern"), Some(Direction::East));
        assert_eq!(direction_word("Upstairs"), Some(Direction::Up));
        assert_eq!(direction_word("left"), None);
    }
}
