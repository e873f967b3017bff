//! Play Peralikatuma, Alquerque or Permainan in the terminal, against the
//! machine or two players on one screen, typing turns in the notation of
//! RULES.md N2.
//!
//! ```text
//! cargo run --release --example play
//! ```
//!
//! Reads commands from standard input, one per line, so a game can also be
//! scripted: `printf 'e4-e5\nquit\n' | cargo run --example play`.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use alquerque_ai::{Player, Strength};
use clap::Parser;
use peralikatuma::diagram;
use peralikatuma_rules::{Game, Record, Side, Variant};

/// Play a game of the alquerque family on one screen.
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// The game: peralikatuma, alquerque or permainan.
    #[arg(long, default_value = "peralikatuma")]
    variant: Variant,
    /// Start from this position text (RULES.md N3).
    #[arg(long)]
    position: Option<String>,
    /// Who plays the other side: human (two players on one screen), or the
    /// machine at easy, medium or hard.
    #[arg(long, default_value = "human")]
    opponent: String,
    /// Your colour against the machine: white or black.
    #[arg(long, default_value = "white")]
    colour: String,
    /// Seed of the machine's random choices (the same seed replays a game).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

const HELP: &str = "\
Type a turn in the notation of the rules (N2):
  d4-d5          a step
  c3xe5xg7       a chain of jumps (stop after any jump)
  !e6 d4-d5      claim the forfeited piece on e6, then move
Commands:
  moves          list the legal turns
  undo           take back the last turn
  resign         the side to move resigns
  draw           the players agree a draw
  save FILE      write the game record (N4) to FILE
  load FILE      read a game record from FILE
  new            start again
  help           this text
  quit           leave";

fn main() -> ExitCode {
    let args = Args::parse();
    let Ok(start) = peralikatuma::position_arg(args.variant, args.position.as_deref()) else {
        return ExitCode::from(2);
    };
    let mut machine = match args.opponent.to_ascii_lowercase().as_str() {
        "human" => None,
        name => match name.parse::<Strength>() {
            Ok(Strength::Random) | Err(_) => {
                eprintln!("error: --opponent must be human, easy, medium or hard, not `{name}`");
                return ExitCode::from(2);
            }
            Ok(strength) => Some(Player::new(strength, args.seed)),
        },
    };
    let human_side = match args.colour.to_ascii_lowercase().as_str() {
        "white" => Side::White,
        "black" => Side::Black,
        other => {
            eprintln!("error: --colour must be white or black, not `{other}`");
            return ExitCode::from(2);
        }
    };
    let mut game = Game::from_position(start);
    match &machine {
        Some(player) => println!(
            "{} against the machine ({}); you play {human_side}. Type `help` for commands.",
            args.variant,
            player.strength()
        ),
        None => println!("{} on one screen. Type `help` for commands.", args.variant),
    }
    show(&game);
    reply(&mut game, machine.as_mut(), human_side);
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        prompt(&game);
        let Some(Ok(line)) = lines.next() else { break };
        let line = line.trim();
        let (command, rest) = line
            .split_once(' ')
            .map_or((line, ""), |(c, r)| (c, r.trim()));
        match command {
            "" => continue,
            "quit" | "exit" => break,
            "help" => println!("{HELP}"),
            "moves" => {
                let texts: Vec<String> = game
                    .legal_turns()
                    .iter()
                    .map(|t| t.notation(game.variant()).to_string())
                    .collect();
                println!("{} legal turns: {}", texts.len(), texts.join("  "));
            }
            "undo" => {
                // Against the machine, take back its reply too.
                let times = if machine.is_some() && game.position().side_to_move() == human_side {
                    2
                } else {
                    1
                };
                let mut taken = Vec::new();
                for _ in 0..times {
                    taken.extend(game.undo());
                }
                if taken.is_empty() {
                    println!("nothing to take back");
                } else {
                    let texts: Vec<String> = taken
                        .iter()
                        .map(|t| t.notation(game.variant()).to_string())
                        .collect();
                    println!("took back {}", texts.join(", "));
                    show(&game);
                    reply(&mut game, machine.as_mut(), human_side);
                }
            }
            "resign" => report(game.resign(game.position().side_to_move()), &game),
            "draw" => report(game.agree_draw(), &game),
            "new" => {
                game = Game::from_position(start);
                show(&game);
                reply(&mut game, machine.as_mut(), human_side);
            }
            "save" if !rest.is_empty() => {
                let text = Record::new(game.clone()).to_string();
                match std::fs::write(rest, text) {
                    Ok(()) => println!("saved to {rest}"),
                    Err(error) => println!("cannot write {rest}: {error}"),
                }
            }
            "load" if !rest.is_empty() => match std::fs::read_to_string(rest) {
                Ok(text) => match text.parse::<Record>() {
                    Ok(record) => {
                        game = record.game;
                        show(&game);
                    }
                    Err(error) => println!("cannot read {rest}: {error}"),
                },
                Err(error) => println!("cannot read {rest}: {error}"),
            },
            "save" | "load" => println!("`{command}` needs a file name"),
            _ => match game.play_text(line) {
                Ok(_) => {
                    show(&game);
                    reply(&mut game, machine.as_mut(), human_side);
                }
                Err(error) => println!("{error}"),
            },
        }
    }
    ExitCode::SUCCESS
}

/// The machine's turn, if it has the move.
fn reply(game: &mut Game, machine: Option<&mut Player>, human: Side) {
    let Some(machine) = machine else { return };
    if game.outcome().is_some() || game.position().side_to_move() == human {
        return;
    }
    println!("thinking...");
    if let Some(turn) = machine.choose(game) {
        if game.play(&turn).is_ok() {
            println!("the machine plays {}", turn.notation(game.variant()));
            show(game);
        }
    }
}

fn report(result: Result<(), peralikatuma_rules::GameError>, game: &Game) {
    match result {
        Ok(()) => show(game),
        Err(error) => println!("{error}"),
    }
}

fn show(game: &Game) {
    let position = game.position();
    println!();
    if let Some(last) = game.turns().last() {
        println!("last turn: {}", last.notation(game.variant()));
    }
    print!("{}", diagram(position));
    match game.outcome() {
        Some(outcome) => println!("Game over: {outcome}. Type `new`, `undo` or `quit`."),
        None => {
            let claimable = position.claimable();
            if claimable.any() {
                let names: Vec<String> = claimable
                    .iter()
                    .map(|p| position.board().point_name(p).to_string())
                    .collect();
                println!(
                    "{} did not jump when it could: {} may claim one of {} (write `!point` before the move)",
                    position.side_to_move().opposite(),
                    position.side_to_move(),
                    names.join(", ")
                );
            }
        }
    }
}

fn prompt(game: &Game) {
    if game.outcome().is_none() {
        print!("{} to move> ", game.position().side_to_move());
    } else {
        print!("> ");
    }
    let _ = io::stdout().flush();
}
