//! The evaluation's weights, written by `examples/tune.rs` (the README's "The engine" says
//! how to rebuild them). Tables are from red's side as a player sees the board: the first
//! row is black's back rank (rank 9), the last red's (rank 0); black reads them upside down.
//! Each holds what a piece is worth on each point, its material included; mirror files hold
//! the same weight.
//!
//! These: fitted to ElephantEye's search scores on quiet positions from our match games
//! against it, the soldier before the river held at 100 and the move bonus set by hand.

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
       0,   0,   0,-125,-140,-125,   0,   0,   0,
       0,   0,   0, -62, -78, -62,   0,   0,   0,
       0,   0,   0, -15,  15, -15,   0,   0,   0,
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
       0,   0,   0, -31, -15, -31,   0,   0,   0,
       0,   0,   0, -15,  31, -15,   0,   0,   0,
       0,   0,   0, -15,  46, -15,   0,   0,   0,
];

/// A horse in the midgame, its material included.
#[rustfmt::skip]
pub(super) const HORSE_MG: [i32; 90] = [
     448, 471, 495, 517, 471, 517, 495, 471, 448,
     471, 517, 609, 551, 495, 551, 609, 517, 471,
     495, 551, 586, 598, 563, 598, 586, 551, 495,
     505, 563, 575, 598, 586, 598, 575, 563, 505,
     483, 540, 563, 575, 575, 575, 563, 540, 483,
     471, 517, 551, 551, 563, 551, 551, 517, 471,
     448, 483, 517, 505, 517, 505, 517, 483, 448,
     437, 460, 505, 495, 495, 495, 505, 460, 437,
     414, 437, 460, 471, 379, 471, 460, 437, 414,
     390, 402, 425, 425, 425, 425, 425, 402, 390,
];

/// A horse in the ending.
#[rustfmt::skip]
pub(super) const HORSE_EG: [i32; 90] = [
     636, 659, 682, 682, 682, 682, 682, 659, 636,
     659, 692, 716, 727, 727, 727, 716, 692, 659,
     670, 704, 727, 750, 750, 750, 727, 704, 670,
     670, 704, 739, 750, 750, 750, 739, 704, 670,
     659, 692, 727, 739, 739, 739, 727, 692, 659,
     659, 692, 727, 739, 739, 739, 727, 692, 659,
     647, 682, 704, 716, 716, 716, 704, 682, 647,
     636, 670, 692, 704, 704, 704, 692, 670, 636,
     612, 647, 670, 682, 670, 682, 670, 647, 612,
     589, 612, 636, 647, 647, 647, 636, 612, 589,
];

/// A chariot in the midgame.
#[rustfmt::skip]
pub(super) const CHARIOT_MG: [i32; 90] = [
    1301,1334,1317,1350,1367,1350,1317,1334,1301,
    1334,1367,1350,1400,1434,1400,1350,1367,1334,
    1301,1334,1317,1367,1384,1367,1317,1334,1301,
    1301,1350,1334,1367,1367,1367,1334,1350,1301,
    1317,1350,1350,1367,1367,1367,1350,1350,1317,
    1301,1350,1334,1350,1350,1350,1334,1350,1301,
    1268,1317,1301,1334,1334,1334,1301,1317,1268,
    1234,1301,1268,1317,1301,1317,1268,1301,1234,
    1218,1284,1251,1317,1234,1317,1251,1284,1218,
    1184,1268,1251,1301,1234,1301,1251,1268,1184,
];

/// A chariot in the ending.
#[rustfmt::skip]
pub(super) const CHARIOT_EG: [i32; 90] = [
    1634,1651,1651,1668,1668,1668,1651,1651,1634,
    1651,1668,1668,1684,1701,1684,1668,1668,1651,
    1634,1651,1651,1668,1668,1668,1651,1651,1634,
    1634,1651,1651,1668,1668,1668,1651,1651,1634,
    1634,1651,1651,1668,1668,1668,1651,1651,1634,
    1618,1634,1634,1651,1651,1651,1634,1634,1618,
    1602,1618,1618,1634,1634,1634,1618,1618,1602,
    1585,1602,1602,1618,1618,1618,1602,1602,1585,
    1568,1585,1585,1602,1602,1602,1585,1585,1568,
    1552,1568,1568,1585,1585,1585,1568,1568,1552,
];

/// A cannon in the midgame.
#[rustfmt::skip]
pub(super) const CANNON_MG: [i32; 90] = [
     677, 657, 597, 557, 537, 557, 597, 657, 677,
     637, 637, 597, 577, 517, 577, 597, 637, 637,
     617, 617, 597, 557, 577, 557, 597, 617, 617,
     597, 617, 597, 617, 677, 617, 597, 617, 597,
     597, 597, 597, 617, 677, 617, 597, 597, 597,
     577, 597, 617, 617, 677, 617, 617, 597, 577,
     597, 597, 597, 617, 657, 617, 597, 597, 597,
     617, 617, 637, 637, 717, 637, 637, 617, 617,
     597, 617, 617, 637, 637, 637, 617, 617, 597,
     597, 597, 617, 637, 637, 637, 617, 597, 597,
];

/// A cannon in the ending.
#[rustfmt::skip]
pub(super) const CANNON_EG: [i32; 90] = [
     781, 781, 781, 781, 781, 781, 781, 781, 781,
     781, 781, 781, 781, 781, 781, 781, 781, 781,
     781, 781, 781, 781, 781, 781, 781, 781, 781,
     781, 781, 781, 801, 821, 801, 781, 781, 781,
     781, 781, 781, 801, 821, 801, 781, 781, 781,
     781, 781, 781, 801, 821, 801, 781, 781, 781,
     781, 781, 781, 801, 821, 801, 781, 781, 781,
     781, 781, 781, 801, 821, 801, 781, 781, 781,
     781, 781, 781, 801, 801, 801, 781, 781, 781,
     781, 781, 781, 801, 801, 801, 781, 781, 781,
];

/// A soldier while its side is not attacking, midgame.
#[rustfmt::skip]
pub(super) const SOLDIER_MG_QUIET: [i32; 90] = [
      50,  50,  53,  59,  61,  59,  53,  50,  50,
      78,  87,  98, 115, 120, 115,  98,  87,  78,
      78,  84,  92, 104, 109, 104,  92,  84,  78,
      75,  81,  87,  92,  95,  92,  87,  81,  75,
      64,  70,  78,  87,  90,  87,  78,  70,  64,
      60,   0,  85,   0, 100,   0,  85,   0,  60,
      55,   0,  60,   0,  95,   0,  60,   0,  55,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// A soldier while its side is attacking (pieces across the river), midgame.
#[rustfmt::skip]
pub(super) const SOLDIER_MG_ATTACK: [i32; 90] = [
     127, 127, 138, 159, 170, 159, 138, 127, 127,
     265, 308, 350, 414, 446, 414, 350, 308, 265,
     265, 297, 329, 371, 393, 371, 329, 297, 265,
     255, 276, 297, 318, 329, 318, 297, 276, 255,
     201, 223, 244, 276, 286, 276, 244, 223, 201,
      60,   0,  85,   0, 100,   0,  85,   0,  60,
      55,   0,  60,   0,  95,   0,  60,   0,  55,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// A soldier in the ending while its side does not attack.
#[rustfmt::skip]
pub(super) const SOLDIER_EG_QUIET: [i32; 90] = [
     170, 177, 183, 210, 223, 210, 183, 177, 170,
     236, 249, 262, 315, 341, 315, 262, 249, 236,
     275, 288, 301, 328, 328, 328, 301, 288, 275,
     301, 315, 328, 341, 341, 341, 328, 315, 301,
     275, 288, 288, 301, 301, 301, 288, 288, 275,
     150,   0, 150, 150, 160, 150, 150,   0, 150,
     130,   0, 130, 130, 140, 130, 130,   0, 130,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// A soldier in the ending while its side attacks: crossed soldiers decide endings.
#[rustfmt::skip]
pub(super) const SOLDIER_EG_ATTACK: [i32; 90] = [
     262, 280, 297, 350, 385, 350, 297, 280, 262,
     490, 525, 560, 647, 700, 647, 560, 525, 490,
     525, 560, 577, 612, 630, 612, 577, 560, 525,
     525, 560, 577, 595, 595, 595, 577, 560, 525,
     490, 507, 507, 525, 525, 525, 507, 507, 490,
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
       0,   0, -12,   0,   0,   0, -12,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
     -12,   0,   0,   0,  37,   0,   0,   0, -12,
       0,   0,   0,   0,  25,   0,   0,   0,   0,
       0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// An advisor or elephant while the enemy cannot attack.
pub(super) const GUARD_CALM: i32 = 174;
/// An advisor or elephant while the enemy attacks with all it has (in proportion between the two).
pub(super) const GUARD_THREATENED: i32 = 160;
/// A horse's mobility: each jump it can make.
pub(super) const HORSE_MOBILITY: i32 = 11;
/// Taken off a horse with one jump or none.
pub(super) const HORSE_TRAPPED: i32 = 5;
/// A chariot's mobility: each point it reaches (the first piece on a line included).
pub(super) const CHARIOT_MOBILITY: i32 = 3;
/// A cannon on the enemy general's file with nothing between: each rank of distance, up to 6 ...
pub(super) const HOLLOW_CANNON_RANK: i32 = 40;
/// ... plus this once.
pub(super) const HOLLOW_CANNON_BASE: i32 = -20;
/// A cannon behind the enemy's own horse on its palace centre, on the general's file.
pub(super) const PINNED_HORSE_CANNON: i32 = 180;
/// A cannon behind one other screen on the enemy general's file.
pub(super) const SCREENED_CANNON: i32 = 25;
/// A cannon on the enemy's back rank with a clear line to its general at home.
pub(super) const BOTTOM_CANNON: i32 = 10;
/// Each missing advisor against two chariots, at the enemy's full attack level (in proportion below it).
pub(super) const MISSING_ADVISOR: i32 = 400;
/// For having the move.
pub(super) const MOVE_BONUS: i32 = 12;
