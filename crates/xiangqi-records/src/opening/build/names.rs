//! The codes' names, found in the events of the games that carry each code: the phrase
//! naming an opening (`中炮對屏風馬`, `飛相局`) that most of its games agree on.

use std::collections::HashMap;

use super::TrainingGame;

/// One code's name in three forms.
#[derive(Clone, Debug, Default)]
pub struct CodeName {
    pub traditional: String,
    pub simplified: String,
    pub english: String,
}

/// The names of `codes`, in their order.
#[must_use]
pub fn code_names(games: &[TrainingGame], codes: &[&str]) -> Vec<CodeName> {
    let mut phrases: HashMap<&str, HashMap<String, u32>> = HashMap::new();
    for game in games {
        let Some(code) = game.code.as_deref() else {
            continue;
        };
        let mut seen = Vec::new();
        for phrase in name_phrases(&game.event) {
            if !seen.contains(&phrase) {
                *phrases
                    .entry(code)
                    .or_default()
                    .entry(phrase.clone())
                    .or_default() += 1;
                seen.push(phrase);
            }
        }
    }
    let best: Vec<Option<String>> = codes
        .iter()
        .map(|code| {
            let found = phrases.get(code)?;
            // Most games first, then the shorter (more general) phrase, then by text.
            let (phrase, _) = found.iter().filter(|(_, n)| **n >= 2).min_by(|a, b| {
                b.1.cmp(a.1)
                    .then(a.0.chars().count().cmp(&b.0.chars().count()))
                    .then(a.0.cmp(b.0))
            })?;
            Some(phrase.clone())
        })
        .collect();
    codes
        .iter()
        .zip(&best)
        .map(|(code, found)| {
            let traditional = found
                .clone()
                .unwrap_or_else(|| family_fallback(code, codes, &best));
            CodeName {
                simplified: to_simplified(&traditional),
                english: english_family(&traditional, code),
                traditional,
            }
        })
        .collect()
}

/// A code without a name of its own takes the most common name of its neighbours (the
/// same letter and tens digit), else its letter's family.
fn family_fallback(code: &str, codes: &[&str], best: &[Option<String>]) -> String {
    let mut votes: HashMap<&str, u32> = HashMap::new();
    for (other, name) in codes.iter().zip(best) {
        if let Some(name) = name
            && other.get(..2) == code.get(..2)
        {
            *votes.entry(name).or_default() += 1;
        }
    }
    if let Some((name, _)) = votes
        .into_iter()
        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(a.0)))
    {
        return name.to_string();
    }
    letter_family(code).0.to_string()
}

/// The phrases of an event that name an opening: runs of Chinese characters with 對
/// (versus), or ending in 局 (opening), or naming 仙人指路 or 過宮炮; parenthesised parts
/// (players, results) are left out.
fn name_phrases(event: &str) -> Vec<String> {
    let mut depth = 0u32;
    let mut runs = vec![String::new()];
    for ch in event.chars() {
        match ch {
            '(' | '（' => depth += 1,
            ')' | '）' => depth = depth.saturating_sub(1),
            _ if depth == 0 && is_han(ch) => {
                let ch = match ch {
                    '跑' => '炮',
                    '布' => '步',
                    '跆' => '路',
                    other => other,
                };
                if let Some(run) = runs.last_mut() {
                    run.push(ch);
                }
                continue;
            }
            _ => {}
        }
        if runs.last().is_some_and(|r| !r.is_empty()) {
            runs.push(String::new());
        }
    }
    runs.into_iter()
        .map(|run| run.trim_end_matches(['進', '退', '平']).to_string())
        .filter(|run| {
            let n = run.chars().count();
            (2..=16).contains(&n)
                && (run.contains('對')
                    || run.ends_with('局')
                    || run.contains("仙人指路")
                    || run.contains("過宮炮"))
        })
        .collect()
}

fn is_han(ch: char) -> bool {
    ('\u{4e00}'..='\u{9fff}').contains(&ch)
}

/// Families by letter, as ECCO groups them (traditional, English).
fn letter_family(code: &str) -> (&'static str, &'static str) {
    match code.as_bytes().first() {
        Some(b'A') => ("非中炮類開局", "Flank Openings"),
        Some(b'B') => ("中炮對非屏風馬", "Central Cannon vs Other Defences"),
        Some(b'C') => ("中炮對屏風馬", "Central Cannon vs Screen Horses"),
        Some(b'D') => ("順炮與列炮", "Same and Opposite Direction Cannons"),
        _ => ("仙人指路", "Pawn Opening"),
    }
}

/// Openings' family words and their English names; where one word starts another, the
/// longer wins.
const FAMILIES: &[(&str, &str)] = &[
    ("仙人指路", "Pawn Opening"),
    ("五七炮", "Five-Seven Cannons"),
    ("五六炮", "Five-Six Cannons"),
    ("五八炮", "Five-Eight Cannons"),
    ("五九炮", "Five-Nine Cannons"),
    ("中炮", "Central Cannon"),
    ("左中炮", "Left Central Cannon"),
    ("屏風馬", "Screen Horses"),
    ("反宮馬", "Reverse Palace Horses"),
    ("後補列炮", "Delayed Opposite Cannons"),
    ("順炮", "Same Direction Cannons"),
    ("列炮", "Opposite Direction Cannons"),
    ("半途列炮", "Halfway Opposite Cannons"),
    ("飛相局", "Elephant Opening"),
    ("飛相", "Elephant Opening"),
    ("起馬局", "Horse Opening"),
    ("起馬", "Horse Opening"),
    ("上馬", "Horse Opening"),
    ("過宮炮", "Palace Corner Cannon"),
    ("左過宮炮", "Left Palace Corner Cannon"),
    ("士角炮", "Advisor Corner Cannon"),
    ("左士角炮", "Left Advisor Corner Cannon"),
    ("卒底炮", "Cannon Behind the Pawn"),
    ("單提馬", "Single Lifted Horse"),
    ("三步虎", "Three-Step Tiger"),
    ("龜背炮", "Turtle Back Cannon"),
    ("對兵局", "Pawn vs Pawn Opening"),
    ("挺兵", "Pawn Opening"),
    ("進兵", "Pawn Opening"),
    ("挺卒", "Pawn Defence"),
    ("進卒", "Pawn Defence"),
    ("金鉤炮", "Golden Hook Cannon"),
    ("拐角馬", "Corner Horse"),
    ("鴛鴦炮", "Mandarin Duck Cannons"),
    ("邊炮", "Edge Cannon"),
    ("左炮封車", "Left Cannon Blocks the Chariot"),
    ("兩頭蛇", "Two-Headed Snake"),
    ("上象", "Elephant"),
    ("飛象", "Elephant"),
    ("飛象局", "Elephant Opening"),
    ("左象", "Left Elephant"),
    ("右象", "Right Elephant"),
    ("過河車", "River-Crossing Chariot"),
    ("巡河車", "River-Patrol Chariot"),
    ("巡河炮", "River-Patrol Cannon"),
    ("橫車", "Horizontal Chariot"),
    ("直車", "Straight Chariot"),
    ("正馬", "Standard Horse"),
    ("進左馬", "Left Horse"),
    ("進右馬", "Right Horse"),
    ("上左馬", "Left Horse"),
    ("上右馬", "Right Horse"),
];

/// The English family of a name: the family word each side's half starts with, as
/// "Central Cannon vs Screen Horses"; the code's letter family where a half has none.
fn english_family(traditional: &str, code: &str) -> String {
    let family_of = |half: &str| {
        FAMILIES
            .iter()
            .filter(|(word, _)| half.starts_with(word))
            .max_by_key(|(word, _)| word.len())
            .map(|(_, english)| *english)
    };
    if traditional == "對兵局" {
        return "Pawn vs Pawn Opening".to_string();
    }
    let mut halves = traditional.splitn(2, '對');
    let red = halves.next().unwrap_or("");
    match (family_of(red), halves.next().map(family_of)) {
        (Some(red), Some(Some(black))) => format!("{red} vs {black}"),
        (Some(red), None | Some(None)) => red.to_string(),
        _ => letter_family(code).1.to_string(),
    }
}

/// Traditional characters of opening names and their simplified forms.
const SIMPLIFIED: &[(char, char)] = &[
    ('兌', '兑'),
    ('兩', '两'),
    ('單', '单'),
    ('對', '对'),
    ('後', '后'),
    ('橫', '横'),
    ('盤', '盘'),
    ('緩', '缓'),
    ('紅', '红'),
    ('補', '补'),
    ('車', '车'),
    ('轉', '转'),
    ('進', '进'),
    ('過', '过'),
    ('邊', '边'),
    ('鉤', '钩'),
    ('開', '开'),
    ('雙', '双'),
    ('順', '顺'),
    ('頭', '头'),
    ('風', '风'),
    ('飛', '飞'),
    ('馬', '马'),
    ('鴛', '鸳'),
    ('鴦', '鸯'),
    ('龜', '龟'),
    ('宮', '宫'),
    ('類', '类'),
    ('與', '与'),
    ('將', '将'),
    ('帥', '帅'),
    ('砲', '炮'),
    ('變', '变'),
    ('種', '种'),
    ('騎', '骑'),
    ('衝', '冲'),
    ('連', '连'),
    ('環', '环'),
    ('貼', '贴'),
    ('擺', '摆'),
    ('駕', '驾'),
    ('縮', '缩'),
    ('應', '应'),
    ('圍', '围'),
    ('實', '实'),
    ('戰', '战'),
    ('歸', '归'),
    ('鐵', '铁'),
    ('絲', '丝'),
    ('棄', '弃'),
    ('還', '还'),
    ('鎖', '锁'),
    ('釘', '钉'),
    ('陣', '阵'),
    ('門', '门'),
    ('齊', '齐'),
    ('無', '无'),
    ('為', '为'),
    ('層', '层'),
    ('錯', '错'),
    ('勢', '势'),
    ('體', '体'),
    ('長', '长'),
    ('側', '侧'),
    ('衛', '卫'),
    ('間', '间'),
    ('個', '个'),
    ('賽', '赛'),
];

/// A name in simplified characters.
#[must_use]
pub fn to_simplified(text: &str) -> String {
    text.chars()
        .map(|ch| {
            SIMPLIFIED
                .iter()
                .find(|(t, _)| *t == ch)
                .map_or(ch, |(_, s)| *s)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phrases_are_opening_names_without_players() {
        let found = name_phrases("2009;亞洲 謝靖(先勝)中國 中炮對屏風馬 （李對王）飛相局");
        assert_eq!(
            found,
            vec!["中炮對屏風馬".to_string(), "飛相局".to_string()]
        );
    }

    #[test]
    fn english_families_by_halves() {
        assert_eq!(
            english_family("中炮過河車對屏風馬平炮兌車", "C49"),
            "Central Cannon vs Screen Horses"
        );
        assert_eq!(english_family("飛相局", "A11"), "Elephant Opening");
        assert_eq!(
            english_family("某某對某某", "B01"),
            "Central Cannon vs Other Defences"
        );
        assert_eq!(to_simplified("中炮對屏風馬"), "中炮对屏风马");
    }
}
