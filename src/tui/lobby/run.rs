//! `xiangqi online` in a terminal: the lobby, the club game on the board, a game of one's
//! archive in review — one loop over one channel, as the board screen's: the terminal's
//! keys, signals, and the club session's events all arrive on it; the terminal is set up and
//! always restored as for the board.

use crate::tui::lobby::board::{BoardNote, ClubGame};
use crate::tui::lobby::board_view::board_area;
use crate::tui::lobby::jieqi::keys::JieqiOrder;
use crate::tui::lobby::jieqi::state::JieqiClub;
use crate::tui::lobby::login::{LoginError, board_options, login};
use crate::tui::lobby::state::{Lobby, LobbyNote, NoReview, Order};
use crate::tui::run::incoming::{Incoming, wait_for};
use crate::tui::run::terminal::{
    box_lines_are_wide, context, now_since, open_terminal, read_input, restore_terminal,
    set_input_modes,
};
use crate::tui::state::action::{Action, Now};
use crate::tui::state::app::{App, Options};
use crate::tui::state::effect::Effect;
use crate::tui::state::prompt::message::Mode;
use crate::tui::store::saved::SavedGame;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{Event as TermEvent, KeyCode, KeyEventKind};
use ratatui::layout::Rect;
use signal_hook::consts::signal::{SIGCONT, SIGTSTP};
use std::io::{self, IsTerminal, Write};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender};
use std::time::Instant;
use xiangqi_club::client::{Client, ClientEvent, CloseReason, ConnectError, Connected, EventFn};
use xiangqi_club::protocol::{Event, GameId, GameState, Request, Side, Variant};

/// Connects again (after the session dropped), its events sent on the given channel.
pub type Reconnect = Box<dyn FnMut(Sender<Incoming>) -> Result<Connected, ConnectError>>;

/// A club game's board: xiangqi's on the board screen, or Jieqi's.
#[derive(Debug)]
pub enum Table {
    /// A xiangqi game, on the board screen.
    Xiangqi(Box<ClubGame>),
    /// A Jieqi game, on its own board.
    Jieqi(Box<JieqiClub>),
}

impl Table {
    /// The board of `state`, of its variant.
    #[must_use]
    pub fn new(state: &GameState, options: &Options, now: Now) -> Table {
        match state.summary.variant {
            Variant::Xiangqi => {
                Table::Xiangqi(Box::new(ClubGame::new(state, options.clone(), now)))
            }
            Variant::Jieqi => {
                let look = crate::tui::jieqi::state::JieqiLook::of(options);
                Table::Jieqi(Box::new(JieqiClub::new(state, look, now.elapsed)))
            }
        }
    }

    fn id(&self) -> GameId {
        match self {
            Table::Xiangqi(b) => b.id(),
            Table::Jieqi(b) => b.id(),
        }
    }

    fn you(&self) -> Option<Side> {
        match self {
            Table::Xiangqi(b) => b.you,
            Table::Jieqi(b) => b.you,
        }
    }

    fn over(&self) -> bool {
        match self {
            Table::Xiangqi(b) => b.ending.is_some(),
            Table::Jieqi(b) => b.ending.is_some(),
        }
    }

    fn note_mut(&mut self) -> &mut Option<BoardNote> {
        match self {
            Table::Xiangqi(b) => &mut b.note,
            Table::Jieqi(b) => &mut b.note,
        }
    }

    fn lost(&mut self) {
        match self {
            Table::Xiangqi(b) => b.lost(),
            Table::Jieqi(b) => b.lost(),
        }
    }
}

/// What is in front.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Front {
    Lobby,
    Board,
    Review,
}

/// The online screen's loop.
struct OnlineLoop<'a> {
    terminal: &'a mut DefaultTerminal,
    incoming: &'a Receiver<Incoming>,
    sender: Sender<Incoming>,
    started: Instant,
    lobby: Lobby,
    board: Option<Table>,
    review: Option<App>,
    front: Front,
    client: Client,
    options: Options,
    reconnect: Reconnect,
    /// The game asked to watch, whose board opens when its state comes.
    watching: Option<GameId>,
}

/// The session `connected` on the lobby screen until the player quits; `incoming` is the
/// channel its events arrive on (as [`Incoming::Club`]), `sender` its sending end.
///
/// # Errors
/// Standard output is not a terminal, or the terminal cannot be read or written.
pub fn run(
    server: &str,
    connected: Connected,
    channel: (Sender<Incoming>, Receiver<Incoming>),
    options: Options,
    reconnect: Reconnect,
) -> io::Result<()> {
    if !io::stdout().is_terminal() {
        return Err(io::Error::other(
            "the lobby draws on a terminal, but standard output is not one",
        ));
    }
    let (sender, incoming) = channel;
    let (mut terminal, signals) = open_terminal(&sender)?;
    let mut options = options;
    // Before the input thread starts, which would take the terminal's answer.
    if !options.ascii && !options.ascii_lines && box_lines_are_wide() {
        options.ascii_lines = true;
    }
    let client = connected.client.clone();
    let result = set_input_modes().and_then(|()| {
        read_input(sender.clone())?;
        let channel = (&sender, &incoming);
        lobby_loop(
            &mut terminal,
            channel,
            server,
            connected,
            options,
            reconnect,
        )
    });
    client.close();
    restore_terminal();
    signals.close();
    result.map_err(|e| context(e, "the terminal failed in the lobby"))
}

/// The lobby of the session `connected` on a terminal set up already, until the player
/// leaves it.
fn lobby_loop(
    terminal: &mut DefaultTerminal,
    (sender, incoming): (&Sender<Incoming>, &Receiver<Incoming>),
    server: &str,
    connected: Connected,
    options: Options,
    reconnect: Reconnect,
) -> io::Result<()> {
    let client = connected.client.clone();
    client.follow_lobby(true);
    OnlineLoop {
        terminal,
        incoming,
        sender: sender.clone(),
        started: Instant::now(),
        lobby: Lobby {
            ascii: options.ascii || options.ascii_lines,
            ..Lobby::new(options.lang, server, connected.welcome)
        },
        board: None,
        review: None,
        front: Front::Lobby,
        client,
        options,
        reconnect,
        watching: None,
    }
    .run()
}

/// Why the lobby chosen on the start menu could not open.
#[derive(Debug, thiserror::Error)]
pub enum FromMenuError {
    /// The key or the pins.
    #[error(transparent)]
    Login(#[from] LoginError),
    /// The server cannot be reached, its key changed, or it refused the login.
    #[error(transparent)]
    Connect(#[from] ConnectError),
    /// The terminal failed.
    #[error(transparent)]
    Terminal(#[from] io::Error),
}

/// The lobby of the club at `address`, logged in as `name`, chosen on the start menu: on
/// the board screen's terminal and channel (its input thread already sends on it), until
/// the player leaves it; the menu is then back.
///
/// # Errors
/// The login cannot be made, the server cannot be reached or refuses it, the terminal
/// fails.
pub fn from_menu(
    terminal: &mut DefaultTerminal,
    (sender, incoming): (&Sender<Incoming>, &Receiver<Incoming>),
    (address, name): (&str, &str),
    (lang, ascii, ascii_marks): (crate::tui::i18n::lang::Lang, bool, bool),
) -> Result<(), FromMenuError> {
    let (_, login, mut known) = login(name.to_string())?;
    let connected = Client::connect_with(address, &login, &mut known, sink(sender.clone()))?;
    let server = address.to_string();
    let reconnect: Reconnect =
        Box::new(move |tx| Client::connect_with(&server, &login, &mut known, sink(tx)));
    let client = connected.client.clone();
    let mut options = board_options(lang);
    // The board screen's look stands: letters for pieces, ASCII lines where its terminal
    // needs them.
    options.ascii |= ascii;
    options.ascii_lines |= ascii_marks;
    let result = lobby_loop(
        terminal,
        (sender, incoming),
        address,
        connected,
        options,
        reconnect,
    );
    client.close();
    Ok(result?)
}

/// Where a session's events go: the screen's one channel.
pub fn sink(tx: Sender<Incoming>) -> EventFn<impl FnMut(ClientEvent) -> bool + Send + 'static> {
    EventFn(move |event| tx.send(Incoming::Club(Box::new(event))).is_ok())
}

impl OnlineLoop<'_> {
    fn run(mut self) -> io::Result<()> {
        self.draw()?;
        loop {
            let next_tick = match (self.front, &self.board) {
                (Front::Board, Some(Table::Jieqi(board))) => board.next_tick(),
                _ => self.front_app().and_then(App::next_tick),
            };
            let incoming = wait_for(self.incoming, next_tick, self.now().elapsed);
            let quit = match incoming {
                Ok(Incoming::Terminal(event)) => self.on_terminal(&event),
                Ok(Incoming::InputFailed(e)) => return Err(e),
                Ok(Incoming::Signal(SIGTSTP | SIGCONT)) => false,
                Ok(Incoming::Signal(_)) => true,
                Ok(Incoming::Club(event)) => {
                    self.on_club(*event);
                    false
                }
                Ok(Incoming::Report(_)) => false,
                Err(RecvTimeoutError::Timeout) => {
                    let now = self.now();
                    self.hand_to_front(Action::Tick(now));
                    false
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(io::Error::other("the terminal input stopped"));
                }
            };
            if quit {
                return Ok(());
            }
            self.draw()?;
        }
    }

    fn now(&self) -> Now {
        now_since(self.started)
    }

    fn front_app(&self) -> Option<&App> {
        match self.front {
            Front::Lobby => None,
            Front::Board => match &self.board {
                Some(Table::Xiangqi(b)) => Some(&b.app),
                _ => None,
            },
            Front::Review => self.review.as_ref(),
        }
    }

    fn draw(&mut self) -> io::Result<()> {
        let (front, lobby, board, review) = (self.front, &self.lobby, &self.board, &self.review);
        self.terminal.draw(|frame| {
            let area = frame.area();
            match (front, board, review) {
                (Front::Board, Some(Table::Xiangqi(board)), _) => {
                    frame.render_widget(&**board, area);
                }
                (Front::Board, Some(Table::Jieqi(board)), _) => {
                    frame.render_widget(&**board, area);
                }
                (Front::Review, _, Some(app)) => frame.render_widget(app, area),
                _ => frame.render_widget(lobby, area),
            }
        })?;
        Ok(())
    }

    /// A key, click, paste or resize; true to quit.
    fn on_terminal(&mut self, event: &TermEvent) -> bool {
        let Ok(size) = self.terminal.size() else {
            return false;
        };
        let screen = Rect::new(0, 0, size.width, size.height);
        match self.front {
            Front::Lobby => {
                let orders = match event {
                    TermEvent::Key(key) => self.lobby.key(key),
                    TermEvent::Paste(text) => {
                        self.lobby.paste(text);
                        Vec::new()
                    }
                    _ => Vec::new(),
                };
                self.carry_out(orders)
            }
            Front::Board => {
                if let Some(Table::Jieqi(board)) = &mut self.board {
                    board.tick(now_since(self.started).elapsed);
                    let orders = board.input(event, board_area(screen));
                    self.carry_out_jieqi(orders);
                    return false;
                }
                if let TermEvent::Key(key) = event
                    && key.kind == KeyEventKind::Press
                    && self.board_key(key.code)
                {
                    return false;
                }
                let Some(Table::Xiangqi(board)) = &self.board else {
                    return false;
                };
                let area = board_area(screen);
                if let Some(action) = crate::tui::input::action_on_screen(event, &board.app, area)
                    && !board.refused_to_watcher(&action)
                {
                    self.hand_to_front(action);
                }
                false
            }
            Front::Review => {
                if let Some(app) = &self.review
                    && let Some(action) = crate::tui::input::action_on_screen(event, app, screen)
                {
                    self.hand_to_front(action);
                }
                false
            }
        }
    }

    /// The club's own keys on the board (while no question or prompt is open): `X` aborts,
    /// `W` claims the win, `=` a draw, `R` reconnects. True if the key was one.
    fn board_key(&mut self, code: KeyCode) -> bool {
        let Some(Table::Xiangqi(board)) = &mut self.board else {
            return false;
        };
        if board.app.mode() != Mode::Play {
            return false;
        }
        let game = board.id();
        let playing = board.you.is_some() && board.ending.is_none();
        match code {
            KeyCode::Char('R') if self.lobby.closed => {
                self.carry_out(vec![Order::Reconnect]);
            }
            KeyCode::Char('X') if playing => {
                self.client.abort(game);
            }
            KeyCode::Char('W' | '=') if playing => {
                self.client.claim(game, code == KeyCode::Char('='));
            }
            _ => return false,
        }
        true
    }

    /// Hands `action` to the app in front and carries out its effects.
    fn hand_to_front(&mut self, action: Action) {
        let mut queue = std::collections::VecDeque::from([action]);
        if !matches!(queue[0], Action::Tick(_)) {
            queue.push_front(Action::Tick(self.now()));
        }
        while let Some(action) = queue.pop_front() {
            let effects = match self.front {
                Front::Board => match &mut self.board {
                    Some(Table::Xiangqi(board)) => board.app.update(action),
                    Some(Table::Jieqi(board)) => {
                        if let Action::Tick(now) = action {
                            board.tick(now.elapsed);
                        }
                        return;
                    }
                    None => return,
                },
                Front::Review => match &mut self.review {
                    Some(app) => app.update(action),
                    None => return,
                },
                Front::Lobby => return,
            };
            for effect in effects {
                if let Some(action) = self.perform(effect) {
                    queue.push_back(action);
                }
            }
        }
    }

    /// One effect of a board or review; what came of it, as an action for the same app.
    fn perform(&mut self, effect: Effect) -> Option<Action> {
        match effect {
            Effect::Net(message) => {
                if let Some(Table::Xiangqi(board)) = &self.board
                    && let Some(request) = board.request(&message)
                {
                    self.client.send(request);
                }
            }
            Effect::Quit => self.leave_front(),
            Effect::Bell => {
                let mut out = io::stdout();
                let _ = out.write_all(b"\x07");
                let _ = out.flush();
            }
            Effect::Save {
                path,
                contents,
                replace,
            } => {
                let report = crate::tui::run::perform::save(&path, &contents, replace);
                return Some(Action::SaveDone(report));
            }
            Effect::Clipboard(text) => {
                let _ = crate::tui::run::clipboard::copy(&mut io::stdout(), &text);
            }
            _ => {}
        }
        None
    }

    /// `q` on the board or in review: back to the lobby. A game one plays that goes on
    /// stays (`b` goes back to it); a watched game is left.
    fn leave_front(&mut self) {
        if self.front == Front::Board
            && let Some(board) = &self.board
        {
            let over = board.over();
            if board.you().is_none() {
                if !over {
                    self.client.unwatch(board.id());
                }
                self.board = None;
            } else if over {
                self.board = None;
            } else {
                self.lobby.note = Some(LobbyNote::GameGoesOn);
            }
        }
        self.review = None;
        self.front = Front::Lobby;
    }

    /// Carries out the lobby's orders; true to quit.
    fn carry_out(&mut self, orders: Vec<Order>) -> bool {
        for order in orders {
            match order {
                Order::Send(request) => {
                    if let Request::Watch { game } = &request {
                        self.watching = Some(*game);
                    }
                    self.client.send(request);
                }
                Order::BackToGame => {
                    if self.board.is_some() {
                        self.front = Front::Board;
                    }
                }
                Order::Review(pgn) => self.open_review(&pgn),
                Order::Reconnect => self.reconnect(),
                Order::Quit => return true,
            }
        }
        false
    }

    /// Carries out what a key on a Jieqi board asked for.
    fn carry_out_jieqi(&mut self, orders: Vec<JieqiOrder>) {
        for order in orders {
            match order {
                JieqiOrder::Send(request) => {
                    self.client.send(request);
                }
                JieqiOrder::Leave => self.leave_front(),
                JieqiOrder::Reconnect if self.lobby.closed => {
                    self.carry_out(vec![Order::Reconnect]);
                }
                JieqiOrder::Reconnect => {}
            }
        }
    }

    /// A game of the archive in the review screen.
    fn open_review(&mut self, pgn: &str) {
        match review(pgn, self.options.clone()) {
            Ok(mut app) => {
                app.update(Action::Tick(self.now()));
                self.review = Some(app);
                self.front = Front::Review;
            }
            Err(why) => self.lobby.note = Some(LobbyNote::NoReview(why)),
        }
    }

    fn reconnect(&mut self) {
        match (self.reconnect)(self.sender.clone()) {
            Ok(connected) => {
                self.client = connected.client.clone();
                self.lobby.reopened(connected.welcome);
                self.client.follow_lobby(true);
                if let Some(board) = &mut self.board
                    && *board.note_mut() == Some(BoardNote::Lost)
                {
                    *board.note_mut() = None;
                }
            }
            Err(e) => {
                self.lobby.note = Some(LobbyNote::Closed(CloseReason::Lost(e.to_string())));
            }
        }
    }

    /// What the session heard.
    fn on_club(&mut self, event: ClientEvent) {
        let event = match event {
            ClientEvent::Server(event) => event,
            ClientEvent::Closed(reason) => {
                self.lobby.closed(reason);
                if let Some(board) = &mut self.board {
                    board.lost();
                }
                return;
            }
        };
        let orders = self.lobby.hear(&event);
        self.carry_out(orders);
        if let Event::Started(state) = &event {
            let same = self
                .board
                .as_ref()
                .is_some_and(|b| b.id() == state.summary.id);
            let ours = state.you.is_some() || self.watching == Some(state.summary.id);
            if !same && ours {
                // A game watched gives way to one's own (or another watched).
                if let Some(old) = self
                    .board
                    .as_ref()
                    .filter(|b| b.you().is_none() && !b.over())
                {
                    self.client.unwatch(old.id());
                }
                let now = self.now();
                self.board = Some(Table::new(state, &self.options, now));
                self.front = Front::Board;
                return;
            }
        }
        let now = self.now();
        let Some(board) = &mut self.board else { return };
        if game_of(&event).is_some_and(|game| game == board.id()) {
            match board {
                Table::Xiangqi(board) => {
                    board.app.update(Action::Tick(now));
                    let effects = board.hear(&event);
                    for effect in effects {
                        self.perform(effect);
                    }
                }
                Table::Jieqi(board) => {
                    board.tick(now.elapsed);
                    board.hear(&event);
                }
            }
        }
    }
}

/// The review screen of the first game of `pgn` (a game of the archive, as the server sent
/// it).
///
/// # Errors
/// A Jieqi record (which the xiangqi review would read wrong, if at all), or no game that
/// reads.
pub fn review(pgn: &str, options: Options) -> Result<App, NoReview> {
    use xiangqi_records::jieqi::{JieqiPgnErrorKind, read_jieqi_pgn};
    match read_jieqi_pgn(pgn) {
        Err(e) if matches!(e.kind, JieqiPgnErrorKind::NotJieqi(_)) => {}
        _ => return Err(NoReview::Jieqi),
    }
    let games =
        xiangqi_records::pgn::read_games(pgn.as_bytes()).map_err(|_| NoReview::Unreadable)?;
    let first = games.first().ok_or(NoReview::Unreadable)?;
    Ok(App::loaded(SavedGame::of(first), options))
}

/// The game an event is about, if any.
fn game_of(event: &Event) -> Option<GameId> {
    match event {
        Event::Started(state) => Some(state.summary.id),
        Event::Moved { game, .. }
        | Event::DrawOffered { game, .. }
        | Event::DrawDeclined { game }
        | Event::TakebackAsked { game, .. }
        | Event::TakebackDeclined { game }
        | Event::TakenBack { game, .. }
        | Event::Presence { game, .. }
        | Event::ClaimOpen { game, .. }
        | Event::Spectators { game, .. }
        | Event::Ended { game, .. }
        | Event::Chat {
            room: xiangqi_club::protocol::Room::Game { game },
            ..
        } => Some(*game),
        Event::Denied { game, .. } => *game,
        _ => None,
    }
}
