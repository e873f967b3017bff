//! Iterative deepening principal variation search with a transposition
//! table, a quiescence search over captures, and the game's own end rules.

use std::sync::Arc;
use std::time::Duration;

use alquerque_proof::Proof;
use alquerque_tablebase::{Tablebase, Value, Verdict};
use peralikatuma_rules::{DrawRules, Game, Position, Ruleset, Turn};
use peralikatuma_rules::{QUIET_TURNS_FOR_DRAW, REPETITIONS_FOR_DRAW, Side};

use crate::candidates::Candidates;
use crate::eval::{Weights, evaluate_with};
use crate::limits::{Limits, Stop};
use crate::node::{Ended, Node, quiet_step};
use crate::ordering::{MAX_PLY, Ordering, SECOND_KILLER};
use crate::score::Score;
use crate::time_source::TimeSource;
use crate::tt::{Bound, Table, TranspositionTable};

/// The legal turns of `game` now, in the order of generation; none once
/// the game is over (by the rules or by the players).
pub(crate) fn turns_now(game: &Game) -> Vec<Turn> {
    match game.ending() {
        Some(_) => Vec::new(),
        None => game.position().legal_turns().into_iter().collect(),
    }
}

/// The most captures the quiescence search follows past the search's
/// depth (it then stands on the evaluation): captures are optional and
/// seldom end on a crowded board, where Zamma's 80 men can trade for
/// twenty plies and more.
const QUIESCENCE_DEPTH: u32 = 8;
/// Late move reductions apply from this depth on ...
const LMR_MIN_DEPTH: u32 = 3;
/// ... to quiet turns after this many turns searched in full.
const LMR_AFTER: usize = 3;
/// With contempt, a lead (a piece or more, either side's) is worth
/// `LEAD_FADE_PER_TURN / 2` hundredths of a man less for each quiet turn
/// played (E4): 90 on the sixtieth, never more than the lead itself. The
/// side ahead then wants a removal (which starts the count again) before
/// the sixty-turn rule draws the game, but never gives a man for it.
/// Measured against Medium in Sixteen Soldiers, Hard two men up, 20 games
/// at 20,000 nodes a turn: a lead kept whole drew 19 (18 of them still
/// two men up), fading by 1.5 a turn 11 (9); a lead fading in proportion
/// to itself (to a quarter on the sixtieth turn) drew 9 (none two men up)
/// but gave men back for a removal in Zamma (35% against the old Hard).
const LEAD_FADE_PER_TURN: i32 = 3;
/// With contempt, against a lone piece, each step the side ahead's nearest
/// piece is nearer to it, and each step it is further from the board's
/// centre, is worth this much to the side ahead (hundredths of a man), so
/// that it closes in rather than wait for the sixty-turn rule. Hard against
/// Medium from random endings (20 to 40 games each, 20,000 nodes a turn),
/// without and with it: Sixteen Soldiers 4 v 1 +10 =10 and +20, 2 v 1 +1
/// =19 and +11 =9, Kotu Ellima 3 v 1 +8 =12 and +20; as many wins in
/// Alquerque (Alfonso X), Zamma, Permainan and Lau Kata Kati, which won
/// their endings already. Against two or three pieces it did harm (Kotu
/// Ellima 4 v 2 +12 =8 without, +1 =19 with): the hunters come within
/// their jumps.
const HUNT_PER_STEP: i32 = 25;

/// One of the best lines from the root ([`Searcher::lines`]): a score
/// and a principal variation, which starts with a legal turn of the root.
///
/// ```
/// use alquerque_ai::{Limits, Line, Searcher};
/// use peralikatuma_rules::{Game, Ruleset};
///
/// let game = Game::new(Ruleset::ALQUERQUE);
/// let mut searcher = Searcher::new(4);
/// searcher.lines = 2;
/// let result = searcher.search(&game, Limits::depth(4), |_| {});
/// let Line { score, pv } = &result.lines[1];
/// assert!(*score <= result.score);
/// assert_ne!(pv.first(), result.best.as_ref());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<T = Turn> {
    /// Its score for the side to move.
    pub score: Score,
    /// Its principal variation: its first turn and the expected replies.
    pub pv: Vec<T>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<T = Turn> {
    /// The turn to play; `None` only when there is no legal turn.
    pub best: Option<T>,
    /// Its score for the side to move.
    pub score: Score,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Positions visited, quiescence included.
    pub nodes: u64,
    /// The principal variation: the best turn and the expected replies.
    pub pv: Vec<T>,
    /// Time spent.
    pub time: Duration,
    /// Whether a node or time limit, or a stop, ended the search before
    /// its depth limit (it did not end because the game's end was found).
    pub cut_short: bool,
    /// The best lines of the deepest iteration completed, best first, as
    /// many as [`Searcher::lines`] asks for and the root has legal turns
    /// (one from the endgame tables or a proof, none without a legal
    /// turn). The first is `score` and `pv` (or `best` alone, when a
    /// search stopped at once found no line).
    pub lines: Vec<Line<T>>,
}

/// Progress after each completed iteration, for progress lines.
#[derive(Clone, Debug)]
pub struct Progress<'a, T = Turn> {
    /// The iteration's depth.
    pub depth: u32,
    /// Its score.
    pub score: Score,
    /// Nodes so far.
    pub nodes: u64,
    /// Time so far.
    pub time: Duration,
    /// The principal variation.
    pub pv: &'a [T],
    /// The iteration's best lines, best first ([`SearchResult::lines`]):
    /// the first is `score` and `pv`.
    pub lines: &'a [Line<T>],
}

impl<T> Progress<'_, T> {
    /// Nodes per second so far.
    pub fn nodes_per_second(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / micros) as u64
    }
}

/// A searcher: keeps its transposition table, killers and history between
/// searches of the same game. [`Searcher::clear`] forgets them, so that a
/// search with a depth or node limit from a cleared searcher is exactly
/// reproducible.
///
/// ```
/// use alquerque_ai::{Limits, Searcher};
/// use peralikatuma_rules::{Game, Ruleset};
///
/// let game = Game::new(Ruleset::ALQUERQUE);
/// let mut searcher = Searcher::new(16);
/// let result = searcher.search(&game, Limits::depth(5), |_| {});
/// assert!(game.position().legal_turns().contains(&result.best.unwrap()));
/// assert_eq!(result.depth, 5);
///
/// // The same search again, from a cleared searcher, gives the same result.
/// searcher.clear();
/// let again = searcher.search(&game, Limits::depth(5), |_| {});
/// assert_eq!((again.best, again.nodes), (result.best, result.nodes));
/// ```
pub struct Searcher {
    /// Contempt, in hundredths of a man: how much the side to move at the
    /// root dislikes a draw by the rules (E2, E4), and, a tenth of it per
    /// piece, fewer pieces on the board (so that it keeps winning chances
    /// rather than trading down to a drawn ending). Zero by default: the
    /// scores are then the position's own.
    pub contempt: i32,
    /// Threads searching each position, 1 by default. With more, helper
    /// searchers on threads of their own search the same position at the
    /// same time, sharing this searcher's transposition table, and what
    /// they store there guides this searcher's own search (Lazy SMP); the
    /// result is this searcher's. The helpers skip every other depth, so
    /// that they are often a depth ahead. Searches with more than one
    /// thread are not reproducible, even with depth or node limits.
    pub threads: usize,
    /// The best lines each search reports (multi-PV), 1 by default; 0
    /// counts as 1. With more, each iteration searches the root once per
    /// line, each time without the first turns of the lines before it
    /// (line 2 is the best turn other than line 1's, and so on), which
    /// costs nodes. Fewer lines come back when the root has fewer legal
    /// turns, and one when the endgame tables or a proof answer the root.
    /// Helper threads search one line. Line 1 is not always the line a
    /// search for one line finds: the other lines' searches fill the
    /// transposition table, which steers the next iteration.
    ///
    /// ```
    /// use alquerque_ai::{Limits, Searcher};
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let game = Game::new(Ruleset::ALQUERQUE);
    /// let mut searcher = Searcher::new(4);
    /// searcher.lines = 3;
    /// let result = searcher.search(&game, Limits::depth(4), |_| {});
    /// assert_eq!(result.lines.len(), 3);
    /// assert_eq!(result.lines[0].pv, result.pv);
    /// assert!(result.lines.windows(2).all(|w| w[0].score >= w[1].score));
    /// ```
    pub lines: usize,
    /// The evaluation's weights, if not the game's own ([`Weights::of`]):
    /// for matches between weights (the `tune` example).
    ///
    /// ```
    /// use alquerque_ai::{Limits, Searcher, Weights};
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let game = Game::new(Ruleset::ALQUERQUE);
    /// let mut searcher = Searcher::new(4);
    /// let own = searcher.search(&game, Limits::depth(3), |_| {});
    /// searcher.clear();
    /// searcher.weights = Some(Weights { mobility: 40, ..Weights::of(Ruleset::ALQUERQUE) });
    /// let other = searcher.search(&game, Limits::depth(3), |_| {});
    /// assert_ne!(own.score, other.score);
    /// ```
    pub weights: Option<Weights>,
    /// The helpers of earlier searches, kept for their killers and history.
    helpers: Vec<Searcher>,
    /// A helper searches only the depths `d` with `(d + skip) % 2 == 0`;
    /// 0 for every depth.
    skip: u32,
    root_side: Side,
    /// The weights of this search's evaluation.
    weighed_by: Weights,
    /// The game's draw rules, and the turns it had played at the root.
    draw_rules: DrawRules,
    root_turns: usize,
    table: Arc<Table>,
    tablebase: Option<Arc<Tablebase>>,
    solution: Option<Arc<Proof>>,
    ordering: Ordering,
    stop: Stop,
    /// Where the search reads the time.
    pub(crate) time: TimeSource,
    // Per search:
    limits: Limits,
    started: Duration,
    nodes: u64,
    aborted: bool,
    /// Hashes of the positions since the last removal, the game's and the
    /// search path's, for repetition (E2).
    path: Vec<u64>,
    /// Principal variation table, one line per ply.
    pv: Vec<Vec<Turn>>,
    /// Root turns the search leaves out: the first turns of the lines
    /// found earlier in the iteration (multi-PV).
    excluded: Vec<Turn>,
    /// If the root is a draw by the endgame tables, its turns that lose
    /// the draw: the search then chooses among the others, and looks past
    /// the drawn positions the tables cover to the evaluation, for the
    /// turn that gives the opponent the most chances to go wrong.
    drawn_root: Option<Vec<Turn>>,
    /// The turns of the node being searched at each ply, reused.
    candidates: Vec<Candidates>,
}

/// How far the hunt of the other side's pieces by `ahead` has come: for
/// each of them, how near `ahead`'s nearest piece is (the board's span
/// less their distance in files or ranks, the larger), and how far it is
/// from the board's centre, in all.
fn hunted(position: &Position, ahead: Side) -> i32 {
    let board = position.board();
    let (files, ranks) = board.grid();
    let span = i32::from(files.max(ranks));
    let at = |p: u8| {
        let (f, r) = board.coords(p);
        (i32::from(f), i32::from(r))
    };
    let (centre_file, centre_rank) = ((i32::from(files) - 1) / 2, (i32::from(ranks) - 1) / 2);
    let hunters = position.pieces(ahead);
    let prey = position.pieces(ahead.opposite());
    let mut total = 0;
    for p in (0..128u8).filter(|&p| prey & (1u128 << p) != 0) {
        let (f, r) = at(p);
        let nearest = (0..128u8)
            .filter(|&h| hunters & (1u128 << h) != 0)
            .map(|h| {
                let (hf, hr) = at(h);
                (hf - f).abs().max((hr - r).abs())
            })
            .min()
            .unwrap_or(span);
        total += (span - nearest) + (f - centre_file).abs().max((r - centre_rank).abs());
    }
    total
}

impl Searcher {
    /// A searcher with a transposition table of about `table_megabytes`
    /// MiB.
    pub fn new(table_megabytes: usize) -> Searcher {
        Searcher::with_table(&TranspositionTable::new(table_megabytes))
    }

    /// A searcher that stores what it learns in `table`, shared with
    /// whoever else holds it.
    pub fn with_table(table: &TranspositionTable) -> Searcher {
        Searcher {
            contempt: 0,
            threads: 1,
            lines: 1,
            weights: None,
            helpers: Vec::new(),
            skip: 0,
            root_side: Side::White,
            weighed_by: Weights::of(Ruleset::PERALIKATUMA),
            draw_rules: DrawRules::Ours,
            root_turns: 0,
            table: Arc::clone(&table.0),
            tablebase: None,
            solution: None,
            ordering: Ordering::new(),
            stop: Stop::new(),
            time: TimeSource::default(),
            limits: Limits::default(),
            started: Duration::ZERO,
            nodes: 0,
            aborted: false,
            path: Vec::new(),
            pv: vec![Vec::new(); MAX_PLY + 2],
            excluded: Vec::new(),
            drawn_root: None,
            candidates: (0..MAX_PLY + 2).map(|_| Default::default()).collect(),
        }
    }

    /// Forgets what earlier searches learnt (for a new game, or for exactly
    /// reproducible searches).
    pub fn clear(&mut self) {
        self.table.clear();
        self.ordering.clear();
        self.helpers.clear();
    }

    /// A handle that stops the running search from another thread. A stop
    /// raised before a search starts stops that search at once (after its
    /// first iteration); each search lowers the flag when it ends.
    pub fn stop_handle(&self) -> Stop {
        self.stop.clone()
    }

    /// Endgame tables to use: a position they cover is scored by them
    /// instead of searched, and a root they cover is played from them
    /// (the quickest win, the slowest loss, a turn that keeps the draw).
    /// Tables of another game are ignored.
    pub fn set_tablebase(&mut self, tablebase: Option<Arc<Tablebase>>) {
        self.tablebase = tablebase;
    }

    /// A proof of the game's value (from the `alquerque-solver` crate) to
    /// play from: a root where the proof's prover is to move and that the
    /// proof covers is played by the proof's turn, which keeps the proved
    /// result. Proofs of another game are ignored.
    pub fn set_solution(&mut self, solution: Option<Arc<Proof>>) {
        self.solution = solution;
    }

    /// The proof played from, if any.
    pub fn solution(&self) -> Option<&Arc<Proof>> {
        self.solution.as_ref()
    }

    /// The endgame tables in use, if any.
    pub fn tablebase(&self) -> Option<&Arc<Tablebase>> {
        self.tablebase.as_ref()
    }

    /// The size of the transposition table, in bytes: about the
    /// megabytes it was made with.
    ///
    /// ```
    /// use alquerque_ai::Searcher;
    /// use peralikatuma_rules::Game;
    ///
    /// assert_eq!(Searcher::new(16).table_bytes(), 16 << 20);
    /// ```
    pub fn table_bytes(&self) -> usize {
        self.table.bytes()
    }

    /// Makes this searcher read the time from `time` (its helpers too):
    /// a [stepping source](TimeSource::stepping) makes its time limits
    /// independent of how busy the machine is.
    ///
    /// ```
    /// use std::time::Duration;
    /// use alquerque_ai::{Limits, Searcher, TimeSource};
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let game = Game::new(Ruleset::ALQUERQUE);
    /// let mut searcher = Searcher::new(4);
    /// // The time is read every 1,024 nodes: each reading counts 1 ms.
    /// searcher.set_time_source(TimeSource::stepping(Duration::from_millis(1)));
    /// let result = searcher.search(&game, Limits::time(Duration::from_millis(20)), |_| {});
    /// // It stops by 20 readings (cut short), or earlier between two
    /// // iterations where another would likely overrun the limit.
    /// assert!(result.time <= Duration::from_millis(24));
    /// assert!(result.nodes <= 24 * 1024);
    /// ```
    pub fn set_time_source(&mut self, time: TimeSource) {
        self.time = time;
    }

    /// The time since this search began.
    fn elapsed(&self) -> Duration {
        self.time.now().saturating_sub(self.started)
    }

    /// Makes this searcher answer to `stop`, a flag shared with other
    /// searchers or jobs, instead of its own.
    pub fn share_stop(&mut self, stop: Stop) {
        self.stop = stop;
    }

    /// Searches the current position of `game` within `limits`, calling
    /// `progress` after each completed iteration. The game's history counts
    /// for repetition (E2), where the search takes a first repetition for
    /// the draw it can always become, and the turn counter for the
    /// sixty-turn rule (E4). With [`Searcher::threads`] above 1, helpers
    /// search beside it (the nodes reported include theirs).
    ///
    /// ```
    /// use std::time::Duration;
    /// use alquerque_ai::{Limits, Searcher};
    /// use peralikatuma_rules::{Game, Ruleset};
    ///
    /// let game = Game::new(Ruleset::PERALIKATUMA);
    /// let mut searcher = Searcher::new(16);
    /// searcher.threads = 2;
    /// let result = searcher.search(&game, Limits::time(Duration::from_millis(50)), |_| {});
    /// assert!(game.position().legal_turns().contains(&result.best.unwrap()));
    /// ```
    pub fn search(
        &mut self,
        game: &Game,
        limits: Limits,
        progress: impl FnMut(&Progress<Turn>),
    ) -> SearchResult<Turn> {
        if self.threads <= 1 {
            return self.search_alone(game, limits, progress);
        }
        let mut helpers = std::mem::take(&mut self.helpers);
        helpers.truncate(self.threads - 1);
        while helpers.len() < self.threads - 1 {
            let mut helper = Searcher::new(0);
            helper.table = Arc::clone(&self.table);
            helper.skip = 1 + helpers.len() as u32 % 2;
            helpers.push(helper);
        }
        // Helpers run until this search ends (or their own time is up).
        let helper_limits = Limits {
            nodes: None,
            ..limits
        };
        let stops: Vec<Stop> = helpers.iter().map(Searcher::stop_handle).collect();
        let (mut result, helper_nodes) = std::thread::scope(|scope| {
            let running: Vec<_> = helpers
                .iter_mut()
                .map(|helper| {
                    helper.contempt = self.contempt;
                    helper.weights = self.weights;
                    helper.tablebase = self.tablebase.clone();
                    helper.time = self.time.clone();
                    scope.spawn(move || helper.search_alone(game, helper_limits, |_| {}).nodes)
                })
                .collect();
            let result = self.search_alone(game, limits, progress);
            for stop in &stops {
                stop.stop();
            }
            let nodes: u64 = running
                .into_iter()
                .map(|thread| thread.join().unwrap_or(0))
                .sum();
            (result, nodes)
        });
        for stop in &stops {
            stop.reset();
        }
        self.helpers = helpers;
        result.nodes += helper_nodes;
        result
    }

    /// The search on this thread alone.
    fn search_alone(
        &mut self,
        game: &Game,
        limits: Limits,
        mut progress: impl FnMut(&Progress<Turn>),
    ) -> SearchResult<Turn> {
        self.limits = limits;
        self.started = self.time.now();
        self.nodes = 0;
        self.aborted = false;
        let root = *game.position();
        self.root_side = root.side_to_move();
        self.weighed_by = self.weights.unwrap_or_else(|| Weights::of(root.ruleset()));
        self.draw_rules = game.draw_rules();
        self.root_turns = game.turns().len();
        // The positions that can come back (E2).
        self.path = game.positions().iter().map(Position::zobrist).collect();

        let mut result = SearchResult {
            best: None,
            score: Score::DRAW,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            time: Duration::ZERO,
            cut_short: false,
            lines: Vec::new(),
        };
        let turns = turns_now(game);
        if turns.is_empty() {
            result.score = match game.ending().map(|ending| ending.winner()) {
                Some(None) => Score::DRAW,
                Some(Some(winner)) if winner == root.side_to_move() => Score::win_in(0),
                _ => Score::loss_in(0),
            };
            self.stop.reset();
            return result;
        }
        result.best = Some(turns[0]);
        let from_solution = self.proof().and_then(|proof| {
            // A proved win scores as a known win, a proved draw as a draw.
            let score = if proof.goal.draw_is_enough {
                Score::DRAW
            } else {
                Score::TABLEBASE_WIN
            };
            Some((root.proof_turn(proof)?, score))
        });
        self.drawn_root = self.losing_the_draw(&root);
        let from_tables = || {
            if self.drawn_root.is_some() {
                None
            } else {
                self.root_from_tablebase(&root)
            }
        };
        if let Some((turn, score)) = from_solution.or_else(from_tables) {
            result.best = Some(turn);
            result.score = score;
            result.depth = 1;
            result.pv = vec![turn];
            result.lines = vec![Line {
                score,
                pv: result.pv.clone(),
            }];
            result.time = self.elapsed();
            progress(&Progress {
                depth: 1,
                score,
                nodes: 0,
                time: result.time,
                pv: &result.pv,
                lines: &result.lines,
            });
            self.stop.reset();
            return result;
        }
        let wanted_lines = self.lines.clamp(1, turns.len());
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .clamp(1, MAX_PLY as u32 - 8);
        for depth in 1..=max_depth {
            // A helper skips depths (not the last, nor the first it can do).
            if self.skip > 0 && (depth + self.skip) % 2 != 0 && depth > 1 && depth < max_depth {
                continue;
            }
            let mut lines = self.search_lines(&root, depth, wanted_lines);
            // Every search completes depth 1 (its first line at least);
            // a later iteration stopped partway counts for nothing, and
            // the lines of the one before stand.
            if self.aborted && depth > 1 {
                break;
            }
            let Some(first) = lines.first() else {
                break;
            };
            let score = first.score;
            result.score = score;
            result.depth = depth;
            result.pv = first.pv.clone();
            if let Some(&best) = result.pv.first() {
                result.best = Some(best);
            }
            if self.aborted && lines.len() > 1 {
                // Depth 1 stopped in a later line: the lines before it.
                lines.pop();
            }
            if lines[0].pv.is_empty() {
                lines[0].pv.extend(result.best);
            }
            result.lines = lines;
            result.nodes = self.nodes;
            result.time = self.elapsed();
            progress(&Progress {
                depth,
                score,
                nodes: self.nodes,
                time: result.time,
                pv: &result.pv,
                lines: &result.lines,
            });
            if self.aborted
                || score.is_decisive()
                    && score
                        .plies_to_end()
                        .is_some_and(|p| p.unsigned_abs() <= depth)
            {
                break;
            }
            if self.time_is_up(depth) {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time = self.elapsed();
        result.cut_short = self.aborted;
        // A stop raised before this search began stopped it; the next one
        // starts afresh.
        self.stop.reset();
        result
    }

    /// One iteration: searches `root` to `depth` once per line, up to
    /// `wanted` lines, each time without the first turns of the lines
    /// before it, with the full window. A stop ends it after the line it
    /// stopped (which comes back last, whatever it holds if it is the
    /// first); a line that found no turn ends it too.
    fn search_lines(&mut self, root: &Position, depth: u32, wanted: usize) -> Vec<Line> {
        let mut lines = Vec::with_capacity(wanted);
        self.excluded.clear();
        while lines.len() < wanted {
            let score = self.negamax(root, depth, -Score::INFINITY, Score::INFINITY, 0);
            let first = self.pv[0].first().copied();
            if first.is_none() && !lines.is_empty() {
                break;
            }
            lines.push(Line {
                score,
                pv: self.pv[0].clone(),
            });
            match first {
                Some(turn) if !self.aborted => self.excluded.push(turn),
                _ => break,
            }
        }
        self.excluded.clear();
        lines
    }

    /// Whether to begin no further iteration: the soft limit has passed,
    /// or, without one, another iteration would likely overrun the time
    /// limit.
    fn time_is_up(&self, _depth: u32) -> bool {
        let elapsed = self.elapsed();
        match (self.limits.soft, self.limits.time) {
            (Some(soft), _) => elapsed >= soft,
            // The next iteration usually costs several times the last.
            (None, Some(limit)) => elapsed * 3 > limit,
            (None, None) => false,
        }
    }

    /// Counts a node and checks the limits.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.aborted {
            return false;
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n)
            || (self.nodes & 1023 == 0
                && (self.stop.is_stopped()
                    || self.limits.time.is_some_and(|t| self.elapsed() >= t)))
        {
            self.aborted = true;
            return false;
        }
        true
    }

    /// Whether the position repeats one since the last removal with the
    /// same side to move, counting the search path as played.
    fn repeats(&self, position: &Position) -> bool {
        let hash = position.zobrist();
        // `path` ends with the position itself; compare with the ones two,
        // four, ... plies earlier.
        let previous = &self.path[..self.path.len().saturating_sub(1)];
        let window = (position.quiet_turns() as usize).min(previous.len());
        previous[previous.len() - window..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&h| h == hash)
    }

    /// How the game stands at a node by the rules (E1, E2, E4 in the order
    /// of E5, or another program's turn cap), as the rules crate judges it
    /// ([`DrawRules::judge`]), given whether the side to move has a legal
    /// turn.
    fn judge(
        &self,
        position: &Position,
        ply: u32,
        has_legal_turn: impl FnOnce() -> bool,
    ) -> Option<Score> {
        // E2 by the search's own policy: a position that repeats one since
        // the last removal (of the game or of the search path) is scored as
        // the draw it can become, since the side that repeated it can repeat
        // it again; so a first repetition counts as the third
        // (`REPETITIONS_FOR_DRAW`), and any other position as standing once.
        // The root counts once too: it is the game's own position, which the
        // game has judged with its true count (a search starts only while
        // the game goes on).
        let repetitions = || {
            if ply > 0 && self.repeats(position) {
                REPETITIONS_FOR_DRAW
            } else {
                1
            }
        };
        let turns = self.root_turns + ply as usize;
        let ended = position.judge(self.draw_rules, turns, has_legal_turn, repetitions);
        // Under another program's rules a repetition draws nothing, but it
        // is no progress either: the search scores it as the draw the turn
        // cap makes of endless repeating, so that the side ahead (with
        // contempt) plays on rather than go back and forth.
        if ended.is_none()
            && self.draw_rules != DrawRules::Ours
            && ply > 0
            && self.repeats(position)
        {
            return Some(self.draw(position));
        }
        Some(match ended? {
            Ended::Draw => self.draw(position),
            Ended::Win(winner) if winner == position.side_to_move() => Score::win_in(ply),
            Ended::Win(_) => Score::loss_in(ply),
        })
    }

    /// Whether the endgame tables and the proof apply: they were made under
    /// the project's draw rules (E2, E4), and their draws are not draws
    /// under another program's.
    fn knowledge(&self) -> bool {
        self.draw_rules == DrawRules::Ours
    }

    /// The endgame tables, where they apply.
    fn tables(&self) -> Option<&Tablebase> {
        self.tablebase.as_deref().filter(|_| self.knowledge())
    }

    /// The proof, where it applies.
    fn proof(&self) -> Option<&Proof> {
        self.solution.as_deref().filter(|_| self.knowledge())
    }

    /// The root's turn and score from the endgame tables, if they cover it.
    fn root_from_tablebase(&self, root: &Position) -> Option<(Turn, Score)> {
        let (turn, verdict, value) = root.best_in(self.tables()?)?;
        Some((turn, self.tablebase_score(root, verdict, value, 0)))
    }

    /// The root's turns that lose its draw, if the endgame tables cover
    /// it and it is a draw (with no such turn: empty).
    fn losing_the_draw(&self, root: &Position) -> Option<Vec<Turn>> {
        let tables = self.tables()?;
        let (verdict, _) = root.probe(tables)?;
        if verdict != Verdict::Draw {
            return None;
        }
        let turns = root.legal_turns();
        Some(
            turns
                .iter()
                .filter(|turn| {
                    tables
                        .turn_value(root, turn)
                        .is_some_and(|(verdict, _)| verdict != Verdict::Draw)
                })
                .copied()
                .collect(),
        )
    }

    /// Whether a root turn loses the draw of a drawn root.
    fn barred(&self, turn: &Turn) -> bool {
        self.drawn_root
            .as_ref()
            .is_some_and(|losing| losing.contains(turn))
    }

    /// The score of a node the endgame tables cover, if they do (past a
    /// drawn root, only a win or a loss).
    fn probe_tablebase(&self, position: &Position, ply: u32) -> Option<Score> {
        let (verdict, value) = position.probe(self.tables()?)?;
        if self.drawn_root.is_some() && verdict == Verdict::Draw {
            return None;
        }
        Some(self.tablebase_score(position, verdict, value, ply))
    }

    fn tablebase_score(
        &self,
        position: &Position,
        verdict: Verdict,
        value: Value,
        ply: u32,
    ) -> Score {
        let to_zeroing = match value {
            Value::Win(d) | Value::Loss(d) => u32::from(d),
            Value::Draw => 0,
        };
        match verdict {
            Verdict::Win => Score::tablebase_win(ply, to_zeroing),
            Verdict::Loss => -Score::tablebase_win(ply, to_zeroing),
            Verdict::Draw => self.draw(position),
        }
    }

    /// A draw by the rules, seen with the root side's contempt.
    fn draw(&self, position: &Position) -> Score {
        if position.side_to_move() == self.root_side {
            Score(-self.contempt)
        } else {
            Score(self.contempt)
        }
    }

    /// The static evaluation, with the root side's contempt: it keeps
    /// pieces on the board (winning chances) rather than trade down to a
    /// drawn ending; and a lead, either side's, is worth less the nearer
    /// the sixty-turn rule (E4) is ([`LEAD_FADE_PER_TURN`]), so that the
    /// side ahead makes progress (a removal starts the count again) rather
    /// than shuffle its pieces to a draw; and against a lone piece, the
    /// side ahead hunts it, nearer to it and it nearer the edge
    /// ([`HUNT_PER_STEP`]).
    fn evaluate(&self, position: &Position) -> Score {
        let score = evaluate_with(position, &self.weighed_by);
        if self.contempt == 0 {
            return score;
        }
        let root = self.root_side;
        let mover = position.side_to_move();
        let ours = position.pieces(root).count_ones() as i32;
        let theirs = position.pieces(root.opposite()).count_ones() as i32;
        // For the root side.
        let mut value = if mover == root { score.0 } else { -score.0 };
        if ours != theirs {
            let quiet = position.quiet_turns().min(QUIET_TURNS_FOR_DRAW) as i32;
            let fade = (quiet * LEAD_FADE_PER_TURN / 2).min(value.abs());
            value -= value.signum() * fade;
        }
        value += self.contempt * (ours + theirs) / 10;
        if ours != theirs && ours.min(theirs) == 1 {
            let (ahead, sign) = match ours > theirs {
                true => (root, 1),
                false => (root.opposite(), -1),
            };
            value += sign * HUNT_PER_STEP * hunted(position, ahead);
        }
        Score(if mover == root { value } else { -value })
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        mut alpha: Score,
        mut beta: Score,
        ply: u32,
    ) -> Score {
        let ply_index = ply as usize;
        self.pv[ply_index].clear();
        if !self.visit() && ply > 0 {
            return Score::DRAW;
        }
        if depth == 0 || ply_index >= MAX_PLY {
            // (The quiescence search judges the node first, as here.)
            return self.quiescence(position, alpha, beta, ply, 0);
        }
        // The rules first (E5). Whether the side to move has a legal turn
        // (E1) is asked here only of a node the rules would draw, since E1
        // comes first: any other node without one is found when its turns
        // are listed (before the bounds by distance to the end), and most
        // nodes end before that, by the tables or the table.
        if let Some(drawn) = self.judge(position, ply, || true) {
            return self
                .judge(position, ply, || position.has_legal_turn())
                .unwrap_or(drawn);
        }
        if ply > 0
            && let Some(score) = self.probe_tablebase(position, ply)
        {
            // A game that has ended keeps its exact score (a win in so
            // many plies), which the tables' does not say.
            return match position.has_legal_turn() {
                true => score,
                false => self.judge(position, ply, || false).unwrap_or(score),
            };
        }

        let probe = self.table.probe(position.zobrist(), ply);
        if let Some(p) = probe {
            // Not in principal variation nodes (open windows), so that the
            // principal variation stays whole.
            let pv_node = beta.0 - alpha.0 > 1;
            if ply > 0 && !pv_node && p.depth >= depth {
                let usable = match p.bound {
                    Bound::Exact => true,
                    Bound::Lower => p.score >= beta,
                    Bound::Upper => p.score <= alpha,
                };
                if usable {
                    return p.score;
                }
            }
        }
        let table_move = probe.and_then(|p| p.best);
        self.candidates[ply_index].every_turn(position, &self.ordering, ply_index, table_move);
        if self.candidates[ply_index].len() == 0 {
            // No legal turn: the rules have ended the game (E1; the
            // generator lists a pass wherever the game goes on), perhaps
            // won by the side to move (a pass that loses, F6), which the
            // bounds below do not allow for.
            return self
                .judge(position, ply, || false)
                .unwrap_or_else(|| self.draw(position));
        }
        // A win found sooner is worth more: no line from here can beat a
        // win at the next ply or lose sooner than now.
        alpha = alpha.max(Score::loss_in(ply));
        beta = beta.min(Score::win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        let original_alpha = alpha;
        let mut best = -Score::INFINITY;
        let mut best_index = None;
        // Turns searched so far (all of them but the root's excluded ones).
        let mut searched = 0;
        for n in 0..self.candidates[ply_index].len() {
            // (Deeper plies fill their own candidates: this ply's stay put.)
            let (candidate, turn) = self.candidates[ply_index].turn(n);
            if ply == 0 && (self.excluded.contains(&turn) || self.barred(&turn)) {
                continue;
            }
            searched += 1;
            let child = position.play_unchecked(&turn);
            self.path.push(child.zobrist());
            let mut score;
            if searched == 1 {
                score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            } else {
                let null = Score(alpha.0 + 1);
                // Late quiet turns are searched less deep first, and again
                // in full only if they look better than the best so far.
                let reduction = u32::from(
                    depth >= LMR_MIN_DEPTH
                        && searched > LMR_AFTER
                        && !turn.removes()
                        && candidate.key < SECOND_KILLER,
                );
                score = -self.negamax(&child, depth - 1 - reduction, -null, -alpha, ply + 1);
                if reduction > 0 && score > alpha {
                    score = -self.negamax(&child, depth - 1, -null, -alpha, ply + 1);
                }
                if score > alpha && score < beta {
                    score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
                }
            }
            self.path.pop();
            if self.aborted {
                return best.max(score);
            }
            if score > best {
                best = score;
                best_index = Some(candidate.index as usize);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply_index + 1);
                    head[ply_index].clear();
                    head[ply_index].push(turn);
                    head[ply_index].extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if let Some((from, to)) = quiet_step(&turn) {
                            let side = position.side_to_move();
                            self.ordering.cutoff(side, from, to, ply_index, depth);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // A root searched without some of its turns is not stored: its
        // score and best turn are not the position's.
        if ply > 0 || self.excluded.is_empty() && self.drawn_root.as_ref().is_none_or(Vec::is_empty)
        {
            self.table
                .store(position.zobrist(), ply, depth, best, bound, best_index);
        }
        best
    }

    /// Judges the node by the rules, then searches captures (and forced
    /// moves) until the position is quiet. Where captures are compulsory
    /// (A4, M5) and the side to move has one, it may not stand pat;
    /// elsewhere it may.
    fn quiescence(
        &mut self,
        position: &Position,
        mut alpha: Score,
        beta: Score,
        ply: u32,
        depth: u32,
    ) -> Score {
        let ply_index = ply as usize;
        if ply_index >= MAX_PLY || depth >= QUIESCENCE_DEPTH {
            return self
                .judge(position, ply, || position.has_legal_turn())
                .unwrap_or_else(|| self.evaluate(position));
        }
        let has_legal_turn = self.candidates[ply_index].captures(position);
        if let Some(score) = self.judge(position, ply, || has_legal_turn) {
            return score;
        }
        if ply > 0
            && let Some(score) = self.probe_tablebase(position, ply)
        {
            return score;
        }
        let captures = self.candidates[ply_index].len();
        let forced = position.captures_compulsory() && captures > 0;
        let mut best = -Score::INFINITY;
        if !forced {
            best = self.evaluate(position);
            if best >= beta {
                return best;
            }
            alpha = alpha.max(best);
        }
        for n in 0..captures {
            let (_, turn) = self.candidates[ply_index].turn(n);
            let child = position.play_unchecked(&turn);
            if !self.visit() {
                return best.max(alpha);
            }
            let score = -self.quiescence(&child, -beta, -alpha, ply + 1, depth + 1);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// The settings and the state between searches in brief, not the tables.
impl std::fmt::Debug for Searcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Searcher")
            .field("contempt", &self.contempt)
            .field("stopped", &self.stop.is_stopped())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::evaluate;

    /// With contempt, a lead fades as the quiet turns run (E4), by 1.5
    /// hundredths of a man a turn, for either side, so that the side ahead
    /// wants a removal; level positions keep their evaluation, and without
    /// contempt nothing fades.
    #[test]
    fn with_contempt_a_lead_fades_as_the_sixty_turns_run() {
        let soldiers = Ruleset::find("sixteen-soldiers").expect("Sixteen Soldiers");
        let at = |text: &str, quiet: u32| {
            let position = Position::parse(soldiers, text).expect("a position");
            let mut setup = position.setup();
            setup.quiet_turns = quiet;
            Position::from_setup(&setup).expect("a position")
        };
        let mut searcher = Searcher::new(1);
        searcher.contempt = 30;
        searcher.root_side = Side::White;
        searcher.weighed_by = Weights::of(soldiers);
        // Two pieces left to Black: no hunt (see the next test).
        let up = "W:Wa1,c1,e1,c2:Ba9,e9";
        let (fresh, late, last) = (at(up, 0), at(up, 40), at(up, 60));
        let bias = 30 * 6 / 10;
        let lead = evaluate(&fresh).0;
        assert!(lead > 150, "{lead}");
        assert_eq!(searcher.evaluate(&fresh).0, lead + bias);
        assert_eq!(searcher.evaluate(&late).0, evaluate(&late).0 - 60 + bias);
        assert_eq!(searcher.evaluate(&last).0, evaluate(&last).0 - 90 + bias);
        // The root side behind: its loss fades the same way.
        searcher.root_side = Side::Black;
        let theirs = |p: &Position| -evaluate(p).0;
        assert_eq!(searcher.evaluate(&late).0, -(theirs(&late) + 60 + bias));
        // Never past level: White, a man up, is about to lose one (Black
        // to move jumps c5), worth less than the fade.
        searcher.root_side = Side::White;
        let slight = at("B:Wc5,a1,e1:Bc6,e9", 60);
        let small = -evaluate(&slight).0;
        assert!((1..90).contains(&small), "{small}");
        assert_eq!(searcher.evaluate(&slight).0, -(30 * 5 / 10));
        // Level: no fading.
        searcher.root_side = Side::White;
        let level = at("W:Wa1:Be9", 40);
        assert_eq!(
            searcher.evaluate(&level).0,
            evaluate(&level).0 + 30 * 2 / 10
        );
        searcher.contempt = 0;
        assert_eq!(searcher.evaluate(&late), evaluate(&late));
    }

    /// With contempt, against a lone piece, the side ahead is worth more the
    /// nearer its nearest piece is to it and the nearer it is to the edge,
    /// by [`HUNT_PER_STEP`] a step, whichever side is to move or is the
    /// root's; not against two pieces, nor without contempt.
    #[test]
    fn with_contempt_a_lone_piece_is_hunted() {
        let soldiers = Ruleset::find("sixteen-soldiers").expect("Sixteen Soldiers");
        let at = |text: &str| Position::parse(soldiers, text).expect("a position");
        let mut searcher = Searcher::new(1);
        searcher.contempt = 30;
        searcher.weighed_by = Weights::of(soldiers);
        // Black's lone man on c5, the centre of the 5 x 9 grid: White's
        // nearest man four ranks away, then two.
        let (far, near) = (at("W:Wa1,c1,e1:Bc5"), at("W:Wa1,c3,e1:Bc5"));
        assert_eq!(
            (hunted(&far, Side::White), hunted(&near, Side::White)),
            (9 - 4, 9 - 2)
        );
        // On the edge, at a9: four files and ranks from the centre.
        assert_eq!(hunted(&at("W:Wa1,c3,e1:Ba9"), Side::White), 9 - 6 + 4);
        // For White, to move, whichever side is the root's (as Black's
        // root, White's hunt is what Black's search fears).
        for root in [Side::White, Side::Black] {
            searcher.root_side = root;
            let bonus = |p: &Position| searcher.evaluate(p).0 - evaluate(p).0;
            assert_eq!(bonus(&near) - bonus(&far), 2 * HUNT_PER_STEP, "root {root}");
        }
        // Against two pieces, nothing.
        searcher.root_side = Side::White;
        let two = at("W:Wa1,c3,e1:Bc5,e9");
        assert_eq!(searcher.evaluate(&two).0, evaluate(&two).0 + 30 * 5 / 10);
        searcher.contempt = 0;
        assert_eq!(searcher.evaluate(&near), evaluate(&near));
    }

    /// Regression (found in review): a node without a legal turn that the
    /// side to move has won (Black passed without pieces, and loses, F6)
    /// was cut by the bounds by distance to the end before its turns were
    /// listed, and scored below its win.
    #[test]
    fn a_game_won_by_the_side_to_move_is_scored_before_the_bounds() {
        let zamma = Ruleset::find("zamma").expect("Zamma");
        let position = Position::parse(zamma, "W:We5:B:P1").expect("a position");
        let mut searcher = Searcher::new(1);
        searcher.path = vec![position.zobrist()];
        searcher.root_side = Side::White;
        let score = searcher.negamax(&position, 2, Score::win_in(3), Score::INFINITY, 2);
        assert_eq!(score, Score::win_in(2));
    }
}
