//! The ids of `jieqi.ftl`: what the Jieqi screen says. Declared apart from the screen's own
//! ids, reachable through `id`, and listed in their own `ALL`, which the catalogue tests
//! check with the others.

use super::Id;

ids! {
        JIEQI_TITLE = "jieqi-title",
        JIEQI_THINKING = "jieqi-thinking",
        JIEQI_UNSEEN = "jieqi-unseen",
        JIEQI_KEYS = "jieqi-keys",
        JIEQI_KEYS_MORE = "jieqi-keys-more",
        JIEQI_KEYS_LAST = "jieqi-keys-last",
        JIEQI_TYPE_PROMPT = "jieqi-type-prompt",
        JIEQI_NOT_YOUR_TURN = "jieqi-not-your-turn",
        JIEQI_REVEAL_IS_DEALT = "jieqi-reveal-is-dealt",
        JIEQI_BAD_MOVE = "jieqi-bad-move",
        JIEQI_ILLEGAL = "jieqi-illegal",
        JIEQI_ENGINE_NO_MOVE = "jieqi-engine-no-move",
        JIEQI_NOTHING_TO_UNDO = "jieqi-nothing-to-undo",
        JIEQI_NOTHING_TO_REDO = "jieqi-nothing-to-redo",
        JIEQI_RESIGN_AGAIN = "jieqi-resign-again",
        JIEQI_NEW_AFTER_END = "jieqi-new-after-end",
        JIEQI_SAVED = "jieqi-saved",
        JIEQI_SAVE_FAILED = "jieqi-save-failed",
        JIEQI_NO_NETWORK = "jieqi-no-network",
        JIEQI_RESUMED = "jieqi-resumed",
        JIEQI_RESUME_NONE = "jieqi-resume-none",
        JIEQI_RESUME_UNREADABLE = "jieqi-resume-unreadable",
        JIEQI_SET_ASIDE = "jieqi-set-aside",
        JIEQI_UNFIT_OPTIONS = "jieqi-unfit-options",
        MENU_JIEQI = "menu-jieqi",
        JIEQI_LOADED = "jieqi-loaded",
        JIEQI_LOAD_UNREADABLE = "jieqi-load-unreadable",
}
