//! The catalogues agree with each other and with the code: same ids, same variables, every
//! id the code uses present, and the formatting the screen relies on.

use super::{Id, Lang, bundle, id, plain_id, source, tr, tr_args};
use fluent_bundle::FluentResource;
use fluent_syntax::ast::{Entry, Expression, InlineExpression, Pattern, PatternElement};
use std::collections::{BTreeMap, BTreeSet};

/// Each message's id and the variables it uses anywhere (its value, selectors, variants,
/// attributes), from the catalogue's text.
fn variables_by_id(text: &str) -> Result<BTreeMap<String, BTreeSet<String>>, Fault> {
    let resource = fluent_syntax::parser::parse(text)
        .map_err(|(_, errors)| Fault::Syntax(format!("{errors:?}")))?;
    let mut out = BTreeMap::new();
    for entry in &resource.body {
        match entry {
            Entry::Message(m) => {
                let mut vars = BTreeSet::new();
                if let Some(value) = &m.value {
                    pattern_vars(value, &mut vars);
                }
                for attribute in &m.attributes {
                    pattern_vars(&attribute.value, &mut vars);
                }
                if out.insert(m.id.name.to_string(), vars).is_some() {
                    return Err(Fault::Twice(m.id.name.to_string()));
                }
            }
            Entry::Term(t) => return Err(Fault::Term(t.id.name.to_string())),
            Entry::Junk { content } => return Err(Fault::Junk((*content).to_string())),
            Entry::Comment(_) | Entry::GroupComment(_) | Entry::ResourceComment(_) => {}
        }
    }
    Ok(out)
}

/// What is wrong with a catalogue's text.
#[derive(Debug, thiserror::Error)]
enum Fault {
    #[error("syntax errors: {0}")]
    Syntax(String),
    #[error("{0} is there twice")]
    Twice(String),
    #[error("-{0}: the catalogues use no terms")]
    Term(String),
    #[error("does not parse: {0}")]
    Junk(String),
}

fn pattern_vars(pattern: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(expression: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for variant in variants {
                pattern_vars(&variant.value, vars);
            }
        }
        Expression::Inline(inline) => inline_vars(inline, vars),
    }
}

fn inline_vars(inline: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match inline {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_vars(argument, vars);
            }
            for argument in &arguments.named {
                inline_vars(&argument.value, vars);
            }
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        InlineExpression::StringLiteral { .. }
        | InlineExpression::NumberLiteral { .. }
        | InlineExpression::MessageReference { .. }
        | InlineExpression::TermReference { .. } => {}
    }
}

/// Where `other` differs from `english`: missing or extra ids, different variables.
fn differences(
    english: &BTreeMap<String, BTreeSet<String>>,
    other: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    let mut out = Vec::new();
    for (id, vars) in english {
        match other.get(id) {
            None => out.push(format!("{id} is missing")),
            Some(theirs) if theirs != vars => {
                out.push(format!("{id} takes {theirs:?}, English {vars:?}"));
            }
            Some(_) => {}
        }
    }
    for id in other.keys().filter(|id| !english.contains_key(*id)) {
        out.push(format!("{id} is not in English"));
    }
    out
}

#[test]
fn every_catalogue_has_the_same_ids_with_the_same_variables() {
    let english = variables_by_id(source(Lang::En)).unwrap_or_else(|e| panic!("en: {e}"));
    assert!(
        english.len() > 100,
        "the English catalogue has {} messages",
        english.len()
    );
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        let other = variables_by_id(source(lang)).unwrap_or_else(|e| panic!("{lang}: {e}"));
        let wrong = differences(&english, &other);
        assert!(
            wrong.is_empty(),
            "the {lang} catalogue:\n{}",
            wrong.join("\n")
        );
    }
}

#[test]
fn the_comparison_sees_a_missing_id_and_a_changed_variable() {
    let english = variables_by_id("a = one { $n }\nb = two\n").unwrap_or_else(|e| panic!("{e}"));
    let other = variables_by_id("a = eins { $m }\nc = drei\n").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        differences(&english, &other),
        [
            r#"a takes {"m"}, English {"n"}"#,
            "b is missing",
            "c is not in English"
        ]
    );
    let selected = variables_by_id("a = { $n ->\n [one] { $x }\n *[other] y\n}\n")
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        selected["a"],
        BTreeSet::from(["n".to_string(), "x".to_string()])
    );
}

#[test]
fn the_shipped_catalogues_load_without_errors() {
    for lang in Lang::ALL {
        let resource = FluentResource::try_new(source(lang).to_string());
        assert!(
            resource.is_ok(),
            "{lang}: {:?}",
            resource.err().map(|(_, e)| e)
        );
        let tag = lang.name().parse::<unic_langid::LanguageIdentifier>();
        assert!(tag.is_ok(), "{lang} is not a language tag");
    }
}

/// Every id the code can ask for: the screen's, the front door's (declared apart and
/// reached through `id` too), the plain mode's and the club's.
fn every_id() -> Vec<Id> {
    let all = id::ALL
        .iter()
        .chain(super::door::ALL)
        .chain(plain_id::ALL)
        .chain(super::jieqi_id::ALL)
        .copied();
    #[cfg(feature = "online")]
    let all = all.chain(super::club_id::ALL.iter().copied());
    all.collect()
}

#[test]
fn every_id_the_code_uses_is_in_every_catalogue_and_no_other() {
    let all = every_id();
    let known: BTreeSet<&str> = all.iter().map(|i| i.name()).collect();
    assert_eq!(known.len(), all.len(), "an id is declared twice");
    for lang in Lang::ALL {
        let missing: Vec<Id> = all
            .iter()
            .copied()
            .filter(|i| {
                bundle(lang)
                    .get_message(i.name())
                    .and_then(|m| m.value())
                    .is_none()
            })
            .collect();
        assert!(missing.is_empty(), "the {lang} catalogue lacks {missing:?}");
    }
    let english = variables_by_id(source(Lang::En)).unwrap_or_else(|e| panic!("en: {e}"));
    let unused: Vec<&String> = english
        .keys()
        .filter(|i| !known.contains(i.as_str()))
        .collect();
    assert!(
        unused.is_empty(),
        "the English catalogue has ids the code cannot ask for: {unused:?}"
    );
}

#[test]
fn variables_come_out_without_isolation_marks() {
    assert_eq!(
        tr_args(Lang::En, id::UNDONE, &[("move", "h2e2".into())]),
        "Took back h2e2"
    );
    assert_eq!(
        tr_args(Lang::ZhHant, id::UNDONE, &[("move", "炮二平五".into())]),
        "悔棋：炮二平五"
    );
}

#[test]
fn english_counts_moves_in_the_singular_and_plural() {
    let resumed = |lang, n: usize| tr_args(lang, id::RESUMED, &[("moves", n.into())]);
    assert_eq!(resumed(Lang::En, 1), "Resumed your last game (1 move)");
    assert_eq!(resumed(Lang::En, 2), "Resumed your last game (2 moves)");
    assert_eq!(resumed(Lang::En, 0), "Resumed your last game (0 moves)");
    assert_eq!(resumed(Lang::ZhHans, 1), "已继续上一局（1 步）");
    let mates = |n: u32| {
        tr_args(
            Lang::En,
            id::PUZZLE_START,
            &[
                ("number", 3.into()),
                ("total", 40.into()),
                ("side", "black".into()),
                ("moves", n.into()),
            ],
        )
    };
    assert_eq!(
        mates(1),
        "Puzzle 3/40: black mates in 1 move (z shows the solution)"
    );
    assert_eq!(
        mates(3),
        "Puzzle 3/40: black mates in 3 moves (z shows the solution)"
    );
}

#[test]
fn spaces_the_catalogue_writes_as_literals_are_kept() {
    assert_eq!(tr(Lang::En, id::SAVE_PROMPT), "Save as: ");
    assert_eq!(tr(Lang::ZhHans, id::SAVE_PROMPT), "保存为：");
    assert_eq!(
        tr(Lang::En, id::PICKER_KEYS),
        "↑↓ PgUp PgDn click choose  Enter/click again open  / filter  Esc back  q quit"
    );
}

#[test]
fn large_numbers_are_written_plainly() {
    // No digit grouping and no exponent: the analysis line shows thousands of nodes.
    assert_eq!(
        tr_args(
            Lang::En,
            id::PANEL_ANALYSIS,
            &[
                ("depth", 12.into()),
                ("score", "+0.35".into()),
                ("knodes", 12_345_678_u64.into()),
            ],
        ),
        "Analysis d12 +0.35 (12345678k nodes)"
    );
}

#[test]
fn every_message_formats_without_errors_given_its_variables() {
    let english = variables_by_id(source(Lang::En)).unwrap_or_else(|e| panic!("en: {e}"));
    for lang in Lang::ALL {
        for (name, vars) in &english {
            let mut args = fluent_bundle::FluentArgs::new();
            for var in vars {
                args.set(var.as_str(), "x");
            }
            let bundle = bundle(lang);
            let Some(pattern) = bundle.get_message(name).and_then(|m| m.value()) else {
                panic!("the {lang} catalogue lacks {name}");
            };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
            assert!(errors.is_empty(), "{lang} {name}: {errors:?}");
            assert!(!text.trim().is_empty(), "{lang} {name} says nothing");
        }
    }
}
