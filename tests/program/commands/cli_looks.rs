//! `xiangqi --help` in the players' language.

use std::process::Command;

fn help(args: &[&str], env: &[(&str, &str)]) -> String {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xiangqi"));
    cmd.args(args).env("XDG_CONFIG_HOME", "/nonexistent");
    for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
        cmd.env_remove(var);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("run xiangqi");
    assert!(out.status.success(), "{out:?}");
    String::from_utf8(out.stdout).expect("UTF-8 help")
}

#[test]
fn help_follows_lang_then_the_locale() {
    let hans = help(&["--help", "--lang", "zh-Hans"], &[]);
    assert!(
        hans.contains("选项") && hans.contains("每步之后翻转棋盘"),
        "{hans}"
    );
    assert!(
        hans.contains("按键：") && hans.contains("显示帮助"),
        "{hans}"
    );
    assert!(
        hans.contains("t 提示") && hans.contains("z 杀法题"),
        "{hans}"
    );
    let hant = help(&["--help"], &[("LANG", "zh_TW.UTF-8")]);
    assert!(
        hant.contains("選項") && hant.contains("每步之後翻轉棋盤"),
        "{hant}"
    );
    assert!(
        hant.contains("t 提示") && hant.contains("z 殺法題"),
        "{hant}"
    );
    let from_all = help(
        &["--help"],
        &[("LANG", "zh_TW.UTF-8"), ("LC_ALL", "zh_CN.UTF-8")],
    );
    assert!(from_all.contains("选项"), "LC_ALL first: {from_all}");
    let en = help(&["--help"], &[("LANG", "de_DE.UTF-8")]);
    assert!(
        en.contains("Options:") && en.contains("--auto-flip"),
        "{en}"
    );
    let flag = help(&["--lang=zh-Hant", "--help"], &[("LANG", "zh_CN.UTF-8")]);
    assert!(flag.contains("選項"), "--lang beats the locale: {flag}");
}

#[test]
fn subcommand_help_still_works_in_chinese() {
    let perft = help(&["perft", "--help"], &[("LANG", "zh_CN.UTF-8")]);
    assert!(perft.contains("DEPTH"), "{perft}");
    // In the locale's language, as the game's own help is.
    assert!(
        perft.contains("用法：") && perft.contains("向前看的层数"),
        "{perft}"
    );
    let join = help(&["join", "--help"], &[("LANG", "zh_TW.UTF-8")]);
    assert!(join.contains("主機螢幕上的加入碼"), "{join}");
    // A tool whose last option takes a value: its --help is still help, not that value.
    let annotate = help(&["annotate", "--help"], &[("LANG", "zh_CN.UTF-8")]);
    assert!(annotate.contains("每个局面搜索的毫秒数"), "{annotate}");
    // And the English help is the doc comments', untouched.
    let english = help(&["annotate", "--help"], &[("LANG", "C")]);
    assert!(english.contains("Milliseconds of search"), "{english}");
}

/// What `--help` says of a default is what the program does: `--game` opens that game
/// instead of the picker (there is no game 1 by default), and the language comes from the
/// configuration file before the locale.
#[test]
fn help_says_where_the_language_comes_from_and_what_game_does() {
    let en = help(&["--help"], &[("LANG", "C")]);
    let line = |option: &str| {
        en.lines()
            .find(|l| l.trim_start().starts_with(option))
            .unwrap_or_else(|| panic!("no {option} in {en}"))
            .to_string()
    };
    let game = line("--game");
    assert!(
        game.contains("without the game picker") && !game.contains("default"),
        "{game}"
    );
    let lang = line("--lang");
    assert!(
        lang.contains("default: lang in config.toml, else from LC_ALL"),
        "{lang}"
    );
    assert!(en.contains("xiangqi/config.toml"), "{en}");
    // As it says: the file's language before the locale's.
    let home = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli_looks_help_lang");
    std::fs::create_dir_all(home.join("xiangqi")).expect("config folder");
    std::fs::write(home.join("xiangqi/config.toml"), "lang = \"zh-Hant\"\n").expect("write");
    let home_text = home.to_str().expect("a UTF-8 temporary folder");
    let hant = help(
        &["--help"],
        &[("LANG", "en_US.UTF-8"), ("XDG_CONFIG_HOME", home_text)],
    );
    assert!(
        hant.contains("選項") && hant.contains("預設取 config.toml 的 lang"),
        "{hant}"
    );
    let _ = std::fs::remove_dir_all(&home);
}
