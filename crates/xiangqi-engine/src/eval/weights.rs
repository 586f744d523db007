//! The evaluation's weights, written by `examples/tune.rs` (docs/guide/engine.md
//! says how to rebuild them). Tables are from red's side as a player sees the board: the
//! first row is black's back rank (rank 9), the last red's (rank 0); black reads them
//! upside down. Each holds what a piece is worth on each point, its material included;
//! mirror files hold the same weight.
//!
//! Fitted to the results of games from ccpd-masters-1.pgn, ccpd-masters-2.pgn:
//! 712879 positions fitted, 80217 held out (every 10th game); K = 0.002937;
//! loss fitted 0.12901 -> 0.12586, held out 0.13177 -> 0.12916; 400 epochs, reg 6e-9.
//! Data: Chinese Chess Practical Dataset by Yu-Han Tseng, CC BY 4.0.

/// The general in the midgame: safest at home.
#[rustfmt::skip]
pub(super) const GENERAL_MG: [i32; 90] = [
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,-154,-154,-154,   0,   0,   0,
       0,   0,   0, -90, -88, -90,   0,   0,   0,
       0,   0,   0,   6,  75,   6,   0,   0,   0,
];

/// The general in the ending: best on the palace's centre file, at home or a rank up.
#[rustfmt::skip]
pub(super) const GENERAL_EG: [i32; 90] = [
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0, -49, -27, -49,   0,   0,   0,
       0,   0,   0, -14,  43, -14,   0,   0,   0,
       0,   0,   0,  21,  27,  21,   0,   0,   0,
];

/// A horse in the midgame, its material included.
#[rustfmt::skip]
pub(super) const HORSE_MG: [i32; 90] = [
     455, 473, 500, 519, 471, 519, 500, 473, 455,
     472, 522, 643, 557, 496, 557, 643, 522, 472,
     516, 554, 567, 607, 565, 607, 567, 554, 516,
     452, 613, 548, 641, 567, 641, 548, 613, 452,
     473, 528, 562, 602, 595, 602, 562, 528, 473,
     484, 486, 577, 549, 558, 549, 577, 486, 484,
     453, 460, 504, 492, 524, 492, 504, 460, 453,
     429, 441, 450, 511, 467, 511, 450, 441, 429,
     367, 428, 437, 437, 408, 437, 437, 428, 367,
     390, 378, 411, 376, 422, 376, 411, 378, 390,
];

/// A horse in the ending.
#[rustfmt::skip]
pub(super) const HORSE_EG: [i32; 90] = [
     642, 661, 687, 685, 683, 685, 687, 661, 642,
     660, 697, 741, 728, 727, 728, 741, 697, 660,
     689, 706, 714, 750, 753, 750, 714, 706, 689,
     662, 740, 708, 746, 739, 746, 708, 740, 662,
     651, 690, 721, 727, 730, 727, 721, 690, 651,
     665, 694, 726, 751, 744, 751, 726, 694, 665,
     652, 671, 693, 714, 715, 714, 693, 671, 652,
     628, 662, 676, 711, 696, 711, 676, 662, 628,
     591, 645, 665, 673, 653, 673, 665, 645, 591,
     587, 618, 618, 636, 645, 636, 618, 618, 587,
];

/// A chariot in the midgame.
#[rustfmt::skip]
pub(super) const CHARIOT_MG: [i32; 90] = [
    1307,1355,1329,1356,1369,1356,1329,1355,1307,
    1341,1377,1347,1393,1436,1393,1347,1377,1341,
    1304,1340,1318,1373,1389,1373,1318,1340,1304,
    1308,1343,1361,1332,1368,1332,1361,1343,1308,
    1289,1326,1347,1320,1354,1320,1347,1326,1289,
    1297,1321,1348,1329,1336,1329,1348,1321,1297,
    1282,1334,1319,1329,1336,1329,1319,1334,1282,
    1244,1287,1270,1307,1285,1307,1270,1287,1244,
    1234,1267,1283,1276,1234,1276,1283,1267,1234,
    1202,1293,1242,1291,1234,1291,1242,1293,1202,
];

/// A chariot in the ending.
#[rustfmt::skip]
pub(super) const CHARIOT_EG: [i32; 90] = [
    1638,1659,1657,1671,1670,1671,1657,1659,1638,
    1654,1672,1673,1688,1703,1688,1673,1672,1654,
    1636,1657,1656,1668,1669,1668,1656,1657,1636,
    1639,1664,1674,1661,1669,1661,1674,1664,1639,
    1632,1648,1650,1648,1664,1648,1650,1648,1632,
    1613,1646,1629,1650,1645,1650,1629,1646,1613,
    1615,1632,1634,1640,1643,1640,1634,1632,1615,
    1574,1607,1603,1609,1612,1609,1603,1607,1574,
    1557,1582,1589,1592,1601,1592,1589,1582,1557,
    1536,1546,1544,1575,1585,1575,1544,1546,1536,
];

/// A cannon in the midgame.
#[rustfmt::skip]
pub(super) const CANNON_MG: [i32; 90] = [
     710, 687, 596, 543, 535, 543, 596, 687, 710,
     636, 643, 592, 587, 514, 587, 592, 643, 636,
     623, 617, 581, 548, 573, 548, 581, 617, 623,
     610, 616, 598, 613, 727, 613, 598, 616, 610,
     614, 612, 606, 618, 729, 618, 606, 612, 614,
     598, 596, 604, 592, 705, 592, 604, 596, 598,
     591, 587, 615, 627, 669, 627, 615, 587, 591,
     602, 597, 644, 644, 643, 644, 644, 597, 602,
     625, 611, 680, 630, 669, 630, 680, 611, 625,
     596, 589, 605, 642, 639, 642, 605, 589, 596,
];

/// A cannon in the ending.
#[rustfmt::skip]
pub(super) const CANNON_EG: [i32; 90] = [
     781, 790, 775, 772, 778, 772, 775, 790, 781,
     779, 787, 771, 777, 778, 777, 771, 787, 779,
     783, 774, 767, 774, 774, 774, 767, 774, 783,
     794, 784, 797, 793, 843, 793, 797, 784, 794,
     792, 798, 789, 798, 825, 798, 789, 798, 792,
     790, 794, 785, 795, 834, 795, 785, 794, 790,
     786, 790, 796, 810, 833, 810, 796, 790, 786,
     791, 782, 798, 794, 853, 794, 798, 782, 791,
     781, 788, 779, 797, 804, 797, 779, 788, 781,
     780, 777, 769, 800, 802, 800, 769, 777, 780,
];

/// A soldier while its side is not attacking, midgame.
#[rustfmt::skip]
pub(super) const SOLDIER_MG_QUIET: [i32; 90] = [
      50,  49,  53,  60,  61,  60,  53,  49,  50,
      74,  90, 103, 148, 123, 148, 103,  90,  74,
      74,  86, 103, 121, 115, 121, 103,  86,  74,
      67,  64, 102, 116, 112, 116, 102,  64,  67,
      30,  66,  73, 125, 111, 125,  73,  66,  30,
      60,   0,  85,   0, 100,   0,  85,   0,  60,
      55,   0,  60,   0,  95,   0,  60,   0,  55,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// A soldier while its side is attacking (pieces across the river), midgame.
#[rustfmt::skip]
pub(super) const SOLDIER_MG_ATTACK: [i32; 90] = [
     127, 126, 138, 159, 170, 159, 138, 126, 127,
     261, 308, 351, 432, 448, 432, 351, 308, 261,
     263, 299, 335, 382, 398, 382, 335, 299, 263,
     245, 253, 299, 327, 335, 327, 299, 253, 245,
     165, 212, 222, 286, 282, 286, 222, 212, 165,
      60,   0,  85,   0, 100,   0,  85,   0,  60,
      55,   0,  60,   0,  95,   0,  60,   0,  55,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// A soldier in the ending while its side does not attack.
#[rustfmt::skip]
pub(super) const SOLDIER_EG_QUIET: [i32; 90] = [
     171, 176, 180, 209, 223, 209, 180, 176, 171,
     231, 246, 255, 333, 346, 333, 255, 246, 231,
     271, 284, 298, 339, 338, 339, 298, 284, 271,
     287, 294, 320, 355, 360, 355, 320, 294, 287,
     235, 276, 275, 321, 314, 321, 275, 276, 235,
     150,   0, 150, 150, 160, 150, 150,   0, 150,
     130,   0, 130, 130, 140, 130, 130,   0, 130,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// A soldier in the ending while its side attacks: crossed soldiers decide endings.
#[rustfmt::skip]
pub(super) const SOLDIER_EG_ATTACK: [i32; 90] = [
     262, 278, 295, 350, 385, 350, 295, 278, 262,
     485, 521, 551, 656, 704, 656, 551, 521, 485,
     523, 557, 577, 623, 638, 623, 577, 557, 523,
     512, 536, 564, 594, 601, 594, 564, 536, 512,
     452, 491, 489, 531, 525, 531, 489, 491, 452,
     170,   0, 160, 170, 180, 170, 160,   0, 170,
     150,   0, 140, 150, 160, 150, 140,   0, 150,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// Where advisors and elephants stand best (added to their value, which depends on the enemy's attack).
#[rustfmt::skip]
pub(super) const GUARD_PLACE: [i32; 90] = [
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   4,   0,   0,   0,   4,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
      -1,   0,   0, -14,  59, -14,   0,   0,  -1,
       0,   0,   0,   0,  20,   0,   0,   0,   0,
       0,   0,  34, -32,   0, -32,  34,   0,   0,
];

/// An advisor or elephant while the enemy cannot attack.
pub(super) const GUARD_CALM: i32 = 184;
/// An advisor or elephant while the enemy attacks with all it has (in proportion between the two).
pub(super) const GUARD_THREATENED: i32 = 183;
/// A horse's mobility: each jump it can make.
pub(super) const HORSE_MOBILITY: i32 = 12;
/// Taken off a horse with one jump or none.
pub(super) const HORSE_TRAPPED: i32 = 19;
/// A chariot's mobility: each point it reaches (the first piece on a line included).
pub(super) const CHARIOT_MOBILITY: i32 = 5;
/// A cannon on the enemy general's file with nothing between: each rank of distance, up to 6 ...
pub(super) const HOLLOW_CANNON_RANK: i32 = 41;
/// ... plus this once.
pub(super) const HOLLOW_CANNON_BASE: i32 = -25;
/// A cannon behind the enemy's own horse on its palace centre, on the general's file.
pub(super) const PINNED_HORSE_CANNON: i32 = 180;
/// A cannon behind one other screen on the enemy general's file.
pub(super) const SCREENED_CANNON: i32 = 25;
/// A cannon on the enemy's back rank with a clear line to its general at home.
pub(super) const BOTTOM_CANNON: i32 = 28;
/// Each missing advisor against two chariots, at the enemy's full attack level (in proportion below it).
pub(super) const MISSING_ADVISOR: i32 = 389;
/// For having the move.
pub(super) const MOVE_BONUS: i32 = 10;
