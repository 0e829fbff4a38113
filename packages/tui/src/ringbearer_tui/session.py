"""A match being played in the app: seats, autosave, bots and undo, without any screen.

The game screen shows a :class:`GameSession`; keeping the logic here lets it be tested
without Textual and shared by every game's screen.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import msgspec

import ringbearer_engine as rb
from ringbearer_engine.match import SCRIPT_PREFIX, read_script

from .replay import start_of
from .seats import NewGameRequest, Seat, seats_from_meta, seats_to_meta
from .storage import SaveStore


class GameSession:
    """One match, who sits where, and where it autosaves."""

    after_end = "Back to the menu"
    """What the end-of-game dialog's button leads to."""
    replayable = True
    """The end-of-game dialog may offer "Play again" (same seats and options, a new seed)."""
    shared = False
    """A seat at a server's shared table (see ``tables.remote``): the server plays the moves
    and the bots and keeps the saves; there is no undo and no hint."""

    def __init__(self, match: rb.Match, store: SaveStore | None) -> None:
        self.match = match
        self.store = store
        self.seats: list[Seat] = seats_from_meta(match.meta, match.players)
        match.meta["seats"] = seats_to_meta(self.seats)
        self._bots: dict[int, rb.Bot] = {}
        self.secret_hands = False
        """Set by the screen for games whose hands people must not see of each other."""
        self.looking: int | None = None
        """The person the keyboard was last handed to (see :attr:`needs_hand_over`)."""
        self._save_lock = threading.Lock()
        self._write_lock = threading.Lock()
        self._save_sequence = 0
        self._written_sequence = 0

    @classmethod
    def start(
        cls,
        game_id: str,
        seats: list[Seat],
        seed: int | None,
        options: dict[str, object],
        store: SaveStore | None,
    ) -> GameSession:
        meta = {"seats": seats_to_meta(seats)}
        match = rb.Match.new(game_id, [s.name for s in seats], seed, options, meta=meta)
        session = cls(match, store)
        session.autosave()
        return session

    # -- whose turn -------------------------------------------------------------------------

    @property
    def seat(self) -> int | None:
        return self.match.to_move

    @property
    def over(self) -> bool:
        return self.match.outcome is not None

    def reviewable(self) -> rb.Match | None:
        """The whole match, for a review; None where this session does not hold it."""
        return self.match

    @property
    def bot_to_move(self) -> bool:
        seat = self.seat
        return seat is not None and self.seats[seat].is_bot

    @property
    def humans(self) -> list[int]:
        return [n for n, seat in enumerate(self.seats) if not seat.is_bot]

    @property
    def needs_hand_over(self) -> bool:
        """A person is to decide in a game of secrets, but the keyboard was last handed to
        someone else: their hand must stay hidden until they say they are alone at it."""
        seat = self.seat
        return (
            seat is not None
            and not self.seats[seat].is_bot
            and self.secret_hands
            and len(self.humans) > 1
            and seat != self.looking
        )

    @property
    def viewer(self) -> int | None:
        """The seat whose hidden information the screen may show.

        The human who decides now; with bots to move, the only human (if just one plays);
        otherwise nobody's (a spectator's view), so hot-seat players never see each other's
        hands by accident. Nobody's, too, while the keyboard is being handed over.
        """
        seat = self.seat
        if seat is not None and not self.seats[seat].is_bot:
            return None if self.needs_hand_over else seat
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        if self.match.game.cooperative and humans:
            # Partners may share what they see, unless the rules keep hands secret even
            # between them: then only the hand of the person last handed the keyboard.
            return self.looking if self.secret_hands else humans[0]
        return None

    # -- acting -----------------------------------------------------------------------------

    def play(self, action: rb.Action | str) -> list[rb.Event]:
        """Play an action for whoever decides now. It is not saved here: the screen autosaves
        right after it has repainted, so the player sees the result without waiting for the
        disk."""
        return self.match.play(action)

    def bot_choice(self) -> rb.Action:
        """The action the bot to move would play (slow bots: call it off the UI thread)."""
        seat = self.seat
        if seat is None or not self.seats[seat].is_bot:
            raise RuntimeError("no bot is to move")
        bot = self._bots.get(seat)
        if bot is None:
            name = self.seats[seat].bot or "heuristic"
            if name not in rb.bot_names(self.match.game):
                name = "random"
            bot = rb.make_bot(self.match.game, name, seed=rb.derive_seed(self.match.seed, seat))
            self._bots[seat] = bot
        return bot.choose(self.match.game, self.match.game.clone(self.match.state))

    @property
    def undo_within_turn(self) -> bool:
        """Undo reaches back only within the turn of the person deciding: in a game people
        play against each other, a rival's decision is theirs, never taken back from
        another seat (nor a bot's, which would hand a person back their rival's position)."""
        return not self.match.game.cooperative and len(self.humans) > 1

    def undo_turn(self, describe: Callable[[rb.Match, rb.Action], str]) -> list[str]:
        """Take back steps until a human decides again, having undone at least one of theirs;
        within the current person's own turn only, when :attr:`undo_within_turn`.

        Returns the steps taken back in ``describe``'s words, newest first. Raises
        :class:`rb.UndoError` with a reason in words (and takes nothing back) when the rules
        or the turn forbid it.
        """
        mover = self.seat
        snapshot = self.match.save()  # restored if the bots' steps cannot all be undone
        undone: list[str] = []
        while True:
            try:
                entry = self.match.undo()
            except rb.UndoError as error:
                if undone:
                    self.match = rb.Match.load(snapshot)
                    raise rb.UndoError(
                        "The bots' moves since your last decision rolled dice or revealed "
                        "cards, so they stand."
                    ) from None
                raise rb.UndoError(self._why_it_stands(error, describe)) from None
            seat = self.seat
            if self.undo_within_turn and seat != mover:
                self.match.redo()  # not the mover's step: put it back exactly as it was
                who = "Nobody" if seat is None else self.seats[seat].name
                raise rb.UndoError(
                    f"{who}'s move stands: with more than one person playing, undo takes "
                    "back only your own steps of this turn."
                )
            undone.append(describe(self.match, self.match.parse(entry)))
            if seat is not None and not self.seats[seat].is_bot:
                break
        self.autosave()
        return undone

    def _why_it_stands(
        self, error: rb.UndoError, describe: Callable[[rb.Match, rb.Action], str]
    ) -> str:
        """The engine's refusal in the player's words (its own names the step in notation)."""
        if not self.match.log:
            return "There is nothing to take back yet."
        if str(error).endswith("revealed chance"):
            told = self.retell(describe, last=1)
            step = f"“{told[-1][1]}”" if told else "The last step"
            return f"{step} cannot be taken back: it rolled dice or revealed a card."
        reason = str(error)
        return f"{reason[:1].upper()}{reason[1:]}."

    def retell(
        self, describe: Callable[[rb.Match, rb.Action], str], last: int = 60
    ) -> list[tuple[int | None, str, list[rb.Event]]]:
        """The last steps of the match in words: (seat, what was done, what happened).

        Replays the log from the seed, so a loaded game's log reads as it did when played.
        """
        match = self.match
        fresh = start_of(match)
        told: list[tuple[int | None, str, list[rb.Event]]] = []
        start = max(0, len(match.log) - last)
        for index, entry in enumerate(match.log):
            seat = fresh.to_move
            if entry.startswith(SCRIPT_PREFIX):
                script = read_script(entry)  # part of the log, not a decision
                fresh.script(script.rolls, script.orders)
                continue
            action = fresh.parse(entry)
            label = describe(fresh, action) if index >= start else entry
            events = fresh.play(action)
            if index >= start:
                told.append((seat, label, events))
        return told

    def autosave(self) -> None:
        """Write the autosave now, on this thread."""
        self.write_autosave(self.snapshot_for_autosave())

    def snapshot_for_autosave(self) -> tuple[int, bytes] | None:
        """The bytes to autosave and their sequence number; cheap, for the UI thread."""
        if self.store is None:
            return None
        with self._save_lock:
            self._save_sequence += 1
            return self._save_sequence, self.store.autosave_bytes(self.match)

    def write_autosave(self, pending: tuple[int, bytes] | None) -> None:
        """Write autosave bytes (slow: it waits for the disk; any thread may call it).

        A write never replaces a newer one that finished first, so the file always ends
        holding the latest step.
        """
        if pending is None or self.store is None:
            return
        sequence, data = pending
        with self._write_lock:
            if sequence > self._written_sequence:
                self.store.write_autosave(self.match, data)
                self._written_sequence = sequence

    def save_as(self, name: str) -> None:
        if self.store is None:
            raise RuntimeError("this session has nowhere to save")
        self.store.save_as(self.match, name)

    def replay_request(self) -> NewGameRequest:
        """The same game again: the same seats and options, a seed of its own."""
        options = msgspec.to_builtins(self.match.options)
        return NewGameRequest(self.match.game_id, list(self.seats), options, None)

    def end_details(self, summary: Callable[[rb.Match], str]) -> str:
        """What the end-of-game dialog says beyond the outcome, by the look's ``summary``."""
        return summary(self.match)

    def advice(self, seed: int) -> list[rb.Ranking]:
        """The game's advisor's ranking of the current options, the one the review asks
        too (``seed``: the log's length; slow: call it off the UI thread)."""
        return rb.advise(self.match.game, self.match.state, seed)
