//! The README and the user guide hold together: every relative link leads to a file that
//! exists (and to a heading of it, when it names one), the README stays a front page, and
//! every page of the guide can be found from the README and from the guide's index.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

/// The front page's limit: past it, the README is a manual again.
const README_MAX_LINES: usize = 250;

/// What the README shows first: the command that plays and the one CI tests with.
const README_COMMANDS: [&str; 2] = [
    "cargo run --release",
    "cargo test --locked --workspace --features server",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

/// The path of `path` from the repository's root, `/`-separated, for messages.
fn shown(path: &Path) -> String {
    let relative = path.strip_prefix(root()).unwrap_or(path);
    relative.to_string_lossy().replace('\\', "/")
}

/// The Markdown files checked: every `.md` file of the repository — the README, the guide,
/// the READMEs beside the assets and the test data — but in build output and hidden folders.
fn documents() -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![root()];
    while let Some(dir) = todo.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("a folder entry").path();
            let name = entry_name(&path);
            if path.is_dir() {
                if name != "target" && !name.starts_with('.') {
                    todo.push(path);
                }
            } else if name.ends_with(".md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

fn entry_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// The guide's pages: `docs/guide/*.md` but its index and the working notes (`notes-*.md`)
/// waiting to be folded into a page.
fn guide_pages() -> Vec<String> {
    let dir = root().join("docs/guide");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut pages: Vec<String> = entries
        .map(|entry| {
            entry
                .expect("a folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".md") && name != "README.md" && !name.starts_with("notes-"))
        .collect();
    pages.sort();
    pages
}

/// A line with its number (from 1) and whether it is inside a fenced code block.
struct Line<'a> {
    number: usize,
    text: &'a str,
    in_code: bool,
}

/// The lines of a Markdown text; a fence line (```` ``` ````, also indented in a list item)
/// counts as code.
fn lines(text: &str) -> Vec<Line<'_>> {
    let mut in_fence = false;
    let mut out = Vec::new();
    for (i, text) in text.lines().enumerate() {
        let fence = text.trim_start().starts_with("```") || text.trim_start().starts_with("~~~");
        if fence {
            in_fence = !in_fence;
        }
        out.push(Line {
            number: i + 1,
            text,
            in_code: fence || in_fence,
        });
    }
    out
}

/// `text` without its code spans (`` `like this` ``), which hold no links.
fn without_code_spans(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] != '`' {
            out.push(chars[i]);
            i += 1;
            continue;
        }
        let run = chars[i..].iter().take_while(|&&c| c == '`').count();
        // The span ends at the next run of exactly as many backticks; without one, the
        // backticks are text.
        let mut j = i + run;
        let mut end = None;
        while j < chars.len() {
            let next = chars[j..].iter().take_while(|&&c| c == '`').count();
            if next == run {
                end = Some(j + next);
                break;
            }
            j += next.max(1);
        }
        match end {
            Some(after) => i = after,
            None => {
                out.extend(&chars[i..i + run]);
                i += run;
            }
        }
    }
    out
}

/// The targets of the inline links `[text](target)` in `text` (code spans left out).
fn link_targets(text: &str) -> Vec<String> {
    let text = without_code_spans(text);
    let mut targets = Vec::new();
    let mut rest = text.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.to_string());
        rest = &after[end..];
    }
    targets
}

/// The anchor GitHub gives a heading's text: its words in lower case, joined by hyphens, with
/// the markup and the punctuation other than `-` and `_` left out.
fn anchor(heading: &str) -> String {
    // A code span keeps its words, a link its text.
    let mut text = heading.replace('`', "");
    while let Some(mid) = text.find("](") {
        let (Some(open), Some(close)) = (text[..mid].rfind('['), text[mid..].find(')')) else {
            break;
        };
        text = format!(
            "{}{}{}",
            &text[..open],
            &text[open + 1..mid],
            &text[mid + close + 1..]
        );
    }
    text.trim()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// Every anchor the headings of a Markdown text give, in GitHub's way: a heading whose
/// anchor is taken already gets `-1`, `-2` … after it.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    for line in lines(text).into_iter().filter(|l| !l.in_code) {
        let hashes = line.text.chars().take_while(|&c| c == '#').count();
        let Some(heading) = line.text.get(hashes..).and_then(|t| t.strip_prefix(' ')) else {
            continue;
        };
        if !(1..=6).contains(&hashes) {
            continue;
        }
        let base = anchor(heading);
        let mut name = base.clone();
        let mut n = 0;
        while seen.contains(&name) {
            n += 1;
            name = format!("{base}-{n}");
        }
        seen.insert(name);
    }
    seen
}

/// `path` with its `.` and `..` steps taken, so links out of the repository are told.
fn normalise(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// What is wrong with the link `target` written in `from`, if anything.
fn broken(from: &Path, target: &str) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (file, heading) = match target.split_once('#') {
        Some((file, heading)) => (file, Some(heading)),
        None => (target, None),
    };
    let dest = if file.is_empty() {
        from.to_path_buf()
    } else {
        normalise(&from.parent().expect("a document's folder").join(file))
    };
    if !dest.starts_with(root()) {
        return Some(format!(
            "leads out of the repository, to {}",
            dest.display()
        ));
    }
    if !dest.exists() {
        return Some(format!("{} does not exist", shown(&dest)));
    }
    let heading = heading?;
    if dest.extension().is_none_or(|e| e != "md") {
        return Some(format!(
            "#{heading} names a heading, but {} is no Markdown file",
            shown(&dest)
        ));
    }
    if anchors(&read(&dest)).contains(heading) {
        None
    } else {
        Some(format!(
            "{} has no heading whose anchor is #{heading}",
            shown(&dest)
        ))
    }
}

#[test]
fn every_relative_link_of_the_readme_and_the_guide_leads_somewhere() {
    let mut problems = Vec::new();
    let mut count = 0;
    for doc in documents() {
        let text = read(&doc);
        for line in lines(&text).into_iter().filter(|l| !l.in_code) {
            for target in link_targets(line.text) {
                count += 1;
                if let Some(why) = broken(&doc, &target) {
                    problems.push(format!(
                        "{}:{}: ({target}): {why}",
                        shown(&doc),
                        line.number
                    ));
                }
            }
        }
    }
    assert!(
        count > 50,
        "only {count} links found: the reader misses them"
    );
    assert!(
        problems.is_empty(),
        "broken links:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_readme_is_a_front_page_that_starts_with_the_play_and_test_commands() {
    let text = read(&root().join("README.md"));
    let count = text.lines().count();
    assert!(
        count < README_MAX_LINES,
        "README.md has {count} lines: a front page has fewer than {README_MAX_LINES} (the rest \
         belongs in docs/guide/)"
    );
    let first_block: Vec<&str> = lines(&text)
        .into_iter()
        .skip_while(|l| !l.in_code)
        .skip(1)
        .take_while(|l| !l.text.trim_start().starts_with("```"))
        .map(|l| l.text.trim())
        .collect();
    assert_eq!(
        first_block, README_COMMANDS,
        "the README's first code block"
    );
    let before = text.split("```").next().unwrap_or("");
    assert!(
        before
            .lines()
            .all(|l| l.starts_with('#') || l.trim().is_empty()),
        "nothing but the title comes before the commands:\n{before}"
    );
    // CI runs the very command the README gives for the tests.
    let ci = read(&root().join(".ci/run"));
    assert!(
        ci.lines().any(|l| l.trim() == README_COMMANDS[1]),
        ".ci/run does not run `{}`",
        README_COMMANDS[1]
    );
}

#[test]
fn every_guide_page_is_listed_in_the_guide_index_and_on_the_front_page() {
    let index = root().join("docs/guide/README.md");
    let readme = root().join("README.md");
    let linked = |doc: &Path| -> BTreeSet<PathBuf> {
        let text = read(doc);
        lines(&text)
            .into_iter()
            .filter(|l| !l.in_code)
            .flat_map(|l| link_targets(l.text))
            .map(|t| t.split('#').next().unwrap_or("").to_string())
            .filter(|t| !t.is_empty() && !t.contains("://"))
            .map(|t| normalise(&doc.parent().expect("a folder").join(t)))
            .collect()
    };
    let (from_index, from_readme) = (linked(&index), linked(&readme));
    let pages = guide_pages();
    assert!(pages.len() >= 9, "the guide has only {pages:?}");
    let mut missing = Vec::new();
    if !from_readme.contains(&index) {
        missing.push("README.md does not link the guide's index, docs/guide/README.md".to_string());
    }
    for page in &pages {
        let path = root().join("docs/guide").join(page);
        if !from_index.contains(&path) {
            missing.push(format!("{page} is not listed in docs/guide/README.md"));
        }
        if !from_readme.contains(&path) {
            missing.push(format!("{page} is not listed in README.md"));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn anchors_are_made_as_github_makes_them() {
    let text = "# Title\n## Repetition: the Asian rules\n### `xiangqi uci`\n\
                ```\n# not a heading\n```\n## Speed\n## Speed\n## 让子 (handicaps), A–B\n";
    let made = anchors(text);
    let want = [
        "title",
        "repetition-the-asian-rules",
        "xiangqi-uci",
        "speed",
        "speed-1",
        "让子-handicaps-ab",
    ];
    assert_eq!(
        made,
        want.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>()
    );
    assert_eq!(
        anchor("The engine and `xiangqi uci`"),
        "the-engine-and-xiangqi-uci"
    );
    assert_eq!(
        anchor("See [Looks](configuration.md#looks) here"),
        "see-looks-here"
    );
}

#[test]
fn links_are_read_outside_code_only() {
    let line = "see [a](a.md#x), `[b](b.md)` and ``[c](c.md)``, then [d](d.md \"title\")";
    assert_eq!(link_targets(line), ["a.md#x", "d.md"]);
    let text = "[e](e.md)\n```\n[f](f.md)\n```\n    ```sh\n[g](g.md)\n    ```\n[h](h.md)\n";
    let found: Vec<String> = lines(text)
        .into_iter()
        .filter(|l| !l.in_code)
        .flat_map(|l| link_targets(l.text))
        .collect();
    assert_eq!(found, ["e.md", "h.md"]);
}
