//! Annotating the game in front (`A`), the router's part: the run asked for, its reports,
//! the result written into the desk it was for, and the keys to the moves it marked.

use super::{App, Message};
use crate::tui::state::action::Nav;
use crate::tui::state::computer::annotation::{
    AnnotateRequest, AnnotationKind, AnnotationNote as Note, AnnotationReport, Running, SideCount,
    main_line_index, mistake_from,
};
use crate::tui::state::effect::Effect;
use xiangqi_engine::Limits;
use xiangqi_engine::analysis::{Analysed, summary};

impl App {
    /// Each position of an annotation is searched with `limits` (a test's fixed depth).
    #[must_use]
    pub fn with_annotation_limits(mut self, limits: Limits) -> App {
        self.annotation.limits = limits;
        self
    }

    /// How far the annotation under way has got: positions searched, and of how many.
    #[must_use]
    pub fn annotating(&self) -> Option<(usize, usize)> {
        self.annotation.running.as_ref().map(|r| (r.done, r.total))
    }

    /// `A`: starts annotating the main line of the game in front, or stops the run.
    pub(super) fn annotate_key(&mut self) {
        if self.annotation.running.is_some() {
            self.stop_annotating(Note::Stopped);
            return;
        }
        let id = self.annotation.next_id;
        self.annotation.next_id += 1;
        let desk = self.desk();
        let line = desk.game().main_line();
        if line.is_empty() {
            self.screen.message = Some(Message::Annotation(Note::NoMoves));
            return;
        }
        let total = line.len() + 1;
        let request = AnnotateRequest {
            id,
            game: desk.game().clone(),
            limits: self.annotation.limits,
        };
        self.annotation.running = Some(Running {
            id,
            done: 0,
            total,
            viewed: self.viewed.is_some(),
            generation: desk.generation(),
            line,
        });
        self.screen.message = Some(Message::Annotation(Note::Progress { done: 0, total }));
        self.screen
            .effects
            .push(Effect::Annotate(Box::new(request)));
    }

    /// Stops the run under way, saying `note`.
    pub(super) fn stop_annotating(&mut self, note: Note) {
        if let Some(running) = self.annotation.running.take() {
            self.screen.effects.push(Effect::StopAnnotating(running.id));
            self.screen.message = Some(Message::Annotation(note));
        }
    }

    /// Is the desk in front still the one, with the same main line, the run is for?
    fn annotated_desk_in_front(&self) -> bool {
        let Some(running) = &self.annotation.running else {
            return false;
        };
        let desk = self.desk();
        running.viewed == self.viewed.is_some()
            && running.generation == desk.generation()
            && running.line == desk.game().main_line()
    }

    /// After every action: a run whose game changed (a move played on its main line, another
    /// game in front) is stopped, nothing of it written.
    pub(super) fn annotation_after(&mut self) {
        if self.annotation.running.is_some() && !self.annotated_desk_in_front() {
            self.stop_annotating(Note::Discarded);
        }
    }

    /// A report from the annotator.
    pub(super) fn annotation_report(&mut self, report: AnnotationReport) {
        let Some(running) = &mut self.annotation.running else {
            return;
        };
        if running.id != report.id {
            return;
        }
        match report.kind {
            AnnotationKind::Progress { done, total } => {
                running.done = done;
                running.total = total;
                let showing = matches!(
                    self.screen.message,
                    None | Some(Message::Annotation(Note::Progress { .. }))
                );
                if showing {
                    self.screen.message = Some(Message::Annotation(Note::Progress { done, total }));
                }
            }
            AnnotationKind::Done(analysed) => self.annotated(&analysed.0),
            AnnotationKind::Failed(why) => {
                self.annotation.running = None;
                self.screen.message = Some(Message::Annotation(Note::Failed(why)));
            }
        }
    }

    /// The run is done: written into its game if that is still in front as it was.
    fn annotated(&mut self, analysed: &[Analysed]) {
        if !self.annotated_desk_in_front() {
            self.stop_annotating(Note::Discarded);
            return;
        }
        self.annotation.running = None;
        self.front().0.annotate(analysed);
        let sides = summary(analysed);
        let counts = [SideCount::of(&sides[0]), SideCount::of(&sides[1])];
        self.screen.message = Some(Message::Annotation(Note::Done(counts)));
    }

    /// `{` and `}`: the previous or next main-line move marked `?` or `??`.
    pub(super) fn go_to_mistake(&mut self, forward: bool) {
        let game = self.game();
        match mistake_from(game, main_line_index(game), forward) {
            Some(node) => {
                let (desk, screen) = self.front();
                desk.navigate(Nav::To(node), screen);
            }
            None => {
                self.screen.message = Some(Message::Annotation(Note::NoMistake { forward }));
            }
        }
    }
}
