//! The notation cases the notation tests check every writer and reader on: each
//! disambiguation case, from a position set up by FEN, with the move in ICCS, Chinese
//! (simplified glyphs) and WXF as written.

/// (what the case shows, FEN, ICCS move, Chinese as written (simplified), WXF)
pub const CASES: &[(&str, &str, &str, &str, &str)] = &[
    // Plain moves from the start.
    ("cannon sideways", START, "h2e2", "炮二平五", "C2.5"),
    ("horse forward", START, "h0g2", "马二进三", "H2+3"),
    ("chariot forward", START, "i0i1", "车一进一", "R1+1"),
    ("elephant forward", START, "g0e2", "相三进五", "E3+5"),
    ("advisor forward", START, "f0e1", "仕四进五", "A4+5"),
    ("general forward", START, "e0e1", "帅五进一", "K5+1"),
    ("soldier forward", START, "g3g4", "兵三进一", "P3+1"),
    ("black horse", AFTER_C25, "h9g7", "马８进７", "H8+7"),
    (
        "black cannon sideways",
        AFTER_C25,
        "b7e7",
        "炮２平５",
        "C2.5",
    ),
    ("black chariot", AFTER_C25, "a9a8", "车１进１", "R1+1"),
    ("black soldier", AFTER_C25, "c6c5", "卒３进１", "P3+1"),
    // Two chariots on one file: 前/后 replaces the file.
    (
        "front chariot forward",
        CHARIOTS,
        "h5h9",
        "前车进四",
        "R++4",
    ),
    ("rear chariot back", CHARIOTS, "h2h1", "后车退一", "R--1"),
    (
        "front chariot sideways",
        CHARIOTS,
        "h5e5",
        "前车平五",
        "R+.5",
    ),
    (
        "rear chariot sideways",
        CHARIOTS,
        "h2a2",
        "后车平九",
        "R-.9",
    ),
    (
        "black front chariot",
        BLACK_CHARIOTS,
        "b3b0",
        "前车进３",
        "R++3",
    ),
    (
        "black rear chariot",
        BLACK_CHARIOTS,
        "b7b9",
        "后车退２",
        "R--2",
    ),
    // Two horses on one file.
    ("front horse", HORSES, "c4d6", "前马进六", "H++6"),
    ("rear horse", HORSES, "c2b4", "后马进八", "H-+8"),
    ("front horse back", HORSES, "c4b2", "前马退八", "H+-8"),
    // Two cannons on one file.
    ("front cannon back", CANNONS, "g3g2", "前炮退一", "C+-1"),
    ("rear cannon back", CANNONS, "g1g0", "后炮退一", "C--1"),
    ("front cannon sideways", CANNONS, "g3a3", "前炮平九", "C+.9"),
    // Advisors and elephants on one file never need 前/后.
    (
        "rear advisor advances",
        ADVISORS,
        "d0e1",
        "仕六进五",
        "A6+5",
    ),
    (
        "front advisor retreats",
        ADVISORS,
        "d2e1",
        "仕六退五",
        "A6-5",
    ),
    (
        "rear elephant advances",
        ELEPHANTS,
        "c0e2",
        "相七进五",
        "E7+5",
    ),
    (
        "front elephant retreats",
        ELEPHANTS,
        "c4e2",
        "相七退五",
        "E7-5",
    ),
    (
        "front elephant to the edge",
        ELEPHANTS,
        "c4a2",
        "相七退九",
        "E7-9",
    ),
    // Two soldiers on one file: 前/后.
    (
        "front of two soldiers",
        SOLDIERS_2,
        "c6c7",
        "前兵进一",
        "P++1",
    ),
    (
        "rear of two soldiers",
        SOLDIERS_2,
        "c5b5",
        "后兵平八",
        "P-.8",
    ),
    (
        "lone soldier beside a pair",
        SOLDIERS_2,
        "g5g6",
        "兵三进一",
        "P3+1",
    ),
    // Three: 前/中/后; WXF names the middle one by its file.
    ("front of three", SOLDIERS_3, "c7d7", "前兵平六", "P+.6"),
    ("middle of three", SOLDIERS_3, "c6d6", "中兵平六", "P7.6"),
    ("rear of three", SOLDIERS_3, "c5d5", "后兵平六", "P-.6"),
    (
        "black front of three",
        BLACK_SOLDIERS_3,
        "g2f2",
        "前卒平６",
        "P+.6",
    ),
    (
        "black middle of three",
        BLACK_SOLDIERS_3,
        "g3h3",
        "中卒平８",
        "P7.8",
    ),
    (
        "black rear of three",
        BLACK_SOLDIERS_3,
        "g4f4",
        "后卒平６",
        "P-.6",
    ),
    // Four: numbered 一…四 from the front; WXF ++, P+, P-, --.
    ("first of four", SOLDIERS_4, "c8d8", "一兵平六", "++.6"),
    ("second of four", SOLDIERS_4, "c7d7", "二兵平六", "P+.6"),
    ("third of four", SOLDIERS_4, "c6b6", "三兵平八", "P-.8"),
    ("fourth of four", SOLDIERS_4, "c5d5", "四兵平六", "--.6"),
    // Five: 一…五; WXF ++, P+, P7 (middle), P-, --.
    ("first of five", SOLDIERS_5, "c9d9", "一兵平六", "++.6"),
    ("second of five", SOLDIERS_5, "c8b8", "二兵平八", "P+.8"),
    ("third of five", SOLDIERS_5, "c7d7", "三兵平六", "P7.6"),
    ("fourth of five", SOLDIERS_5, "c6d6", "四兵平六", "P-.6"),
    ("fifth of five", SOLDIERS_5, "c5b5", "五兵平八", "--.8"),
    // Two files with two soldiers each: numbered from the mover's right file to the left,
    // front to back on each (xqbase); WXF puts the file first.
    (
        "two files: right file front",
        TWO_FILES,
        "g6f6",
        "一兵平四",
        "3+.4",
    ),
    (
        "two files: right file rear",
        TWO_FILES,
        "g5h5",
        "二兵平二",
        "3-.2",
    ),
    (
        "two files: left file front",
        TWO_FILES,
        "c6c7",
        "三兵进一",
        "7++1",
    ),
    (
        "two files: left file rear",
        TWO_FILES,
        "c5b5",
        "四兵平八",
        "7-.8",
    ),
    (
        "three and two: middle",
        THREE_AND_TWO,
        "c6d6",
        "四兵平六",
        "77.6",
    ),
    (
        "three and two: first",
        THREE_AND_TWO,
        "g6f6",
        "一兵平四",
        "3+.4",
    ),
    (
        "three and two: last",
        THREE_AND_TWO,
        "c5b5",
        "五兵平八",
        "7-.8",
    ),
    (
        "black two files",
        BLACK_TWO_FILES,
        "a3b3",
        "一卒平２",
        "1+.2",
    ),
    (
        "black two files, second file",
        BLACK_TWO_FILES,
        "e4d4",
        "四卒平４",
        "5-.4",
    ),
];

pub const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
pub const AFTER_C25: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
pub const CHARIOTS: &str = "3k5/9/9/9/7R1/9/9/7R1/9/4K4 w - - 0 1";
pub const BLACK_CHARIOTS: &str = "4k4/9/1r7/9/9/9/1r7/9/9/3K5 b - - 0 1";
pub const HORSES: &str = "3k5/9/9/9/9/2N6/9/2N6/9/4K4 w - - 0 1";
pub const CANNONS: &str = "3k5/9/9/9/9/9/6C2/9/6C2/4K4 w - - 0 1";
pub const ADVISORS: &str = "3k5/9/9/9/9/9/9/3A5/9/3A1K3 w - - 0 1";
pub const ELEPHANTS: &str = "3k5/9/9/9/9/2B6/9/9/9/2B1K4 w - - 0 1";
pub const SOLDIERS_2: &str = "3k5/9/9/2P6/2P3P2/9/9/9/9/4K4 w - - 0 1";
pub const SOLDIERS_3: &str = "3k5/9/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1";
pub const BLACK_SOLDIERS_3: &str = "4k4/9/9/9/9/6p2/6p2/6p2/9/3K5 b - - 0 1";
pub const SOLDIERS_4: &str = "5k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1";
pub const SOLDIERS_5: &str = "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/4K4 w - - 0 1";
pub const TWO_FILES: &str = "3k5/9/9/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1";
pub const THREE_AND_TWO: &str = "3k5/9/2P6/2P3P2/2P3P2/9/9/9/9/4K4 w - - 0 1";
pub const BLACK_TWO_FILES: &str = "5k3/9/9/9/9/p3p4/p3p4/9/9/3K5 b - - 0 1";
