//! The words of a join code: 256 short, distinct, lower-case English words, most of them from
//! the board and its pieces, so that a code is easy to say aloud and to type. Each word is
//! worth 8 bits; the list is ours and never changes within a protocol version (both ends must
//! draw from the same list).

/// The word list (256 entries, no duplicates, ASCII letters only).
pub const WORDS: [&str; 256] = [
    "river", "cannon", "horse", "chariot", "soldier", "general", "advisor", "elephant", //
    "palace", "bank", "file", "rank", "check", "mate", "capture", "fork", //
    "pin", "screen", "leg", "eye", "point", "board", "piece", "move", //
    "red", "black", "jade", "ivory", "teak", "lacquer", "silk", "ink", //
    "brush", "scroll", "seal", "lantern", "temple", "bridge", "ferry", "boat", //
    "harbor", "tower", "gate", "wall", "moat", "camp", "banner", "drum", //
    "gong", "bell", "flute", "zither", "tea", "rice", "bamboo", "pine", //
    "plum", "peach", "lotus", "orchid", "willow", "maple", "cedar", "bonsai", //
    "dragon", "tiger", "crane", "phoenix", "turtle", "monkey", "rabbit", "rooster", //
    "ox", "goat", "snake", "dog", "pig", "rat", "carp", "panda", //
    "moon", "sun", "star", "cloud", "rain", "snow", "frost", "wind", //
    "thunder", "mist", "dawn", "dusk", "noon", "spring", "summer", "autumn", //
    "winter", "mountain", "valley", "stream", "lake", "sea", "island", "shore", //
    "stone", "pebble", "sand", "clay", "iron", "bronze", "copper", "silver", //
    "gold", "pearl", "amber", "coral", "crystal", "marble", "granite", "emerald", //
    "sword", "spear", "shield", "bow", "arrow", "helmet", "armor", "saddle", //
    "wheel", "axle", "cart", "road", "path", "trail", "march", "siege", //
    "ambush", "retreat", "advance", "flank", "guard", "scout", "envoy", "herald", //
    "emperor", "minister", "scholar", "monk", "poet", "painter", "farmer", "smith", //
    "archer", "captain", "marshal", "sentry", "rider", "pilot", "sailor", "keeper", //
    "opening", "middle", "ending", "tempo", "gambit", "threat", "defence", "attack", //
    "double", "single", "corner", "centre", "wing", "edge", "crossing", "border", //
    "north", "south", "east", "west", "left", "right", "upper", "lower", //
    "first", "second", "third", "last", "quiet", "swift", "bold", "calm", //
    "brave", "wise", "noble", "humble", "gentle", "fierce", "patient", "clever", //
    "lucky", "steady", "proud", "loyal", "silent", "bright", "hidden", "golden", //
    "ancient", "hollow", "distant", "narrow", "wide", "deep", "high", "open", //
    "square", "circle", "line", "cross", "knot", "thread", "needle", "loom", //
    "kettle", "teapot", "bowl", "cup", "plate", "spoon", "fan", "mirror", //
    "comb", "hat", "robe", "sash", "boot", "glove", "mask", "kite", //
    "dumpling", "noodle", "bun", "ginger", "garlic", "pepper", "melon", "lychee", //
    "mango", "orange", "lemon", "walnut", "chestnut", "almond", "sesame", "honey", //
];
