"""A seat at a shared table (or a spectator's place), as a session the game screen plays on.

The server plays the moves, runs the bots and keeps the saves; this session sends the
player's choices and passes on what the server pushes: this seat's view, the new log lines,
who is away and how many watch.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

import ringbearer_engine as rb

from ..seats import Seat, seat_and_person
from ..session import GameSession
from ..storage import SaveNameError
from ..visible import visible
from .access import new_codes
from .client import TableConnection, dismissal
from .mirror import HiddenStateError, MatchMirror
from .protocol import CampaignNews, LogLine, SeatInfo, TableAccess, Update, Welcome

News = Callable[[list[LogLine]], None]
Told = tuple[int | None, str, list[rb.Event]]


class RemoteSession(GameSession):
    shared = True

    def __init__(self, connection: TableConnection, welcome: Welcome, first: Update) -> None:
        game = rb.get_game(welcome.game)
        options = game.convert_options(welcome.options)
        # Names from a peer are shown, never obeyed: escapes in them arrive as visible text.
        players = tuple(visible(name) for name in welcome.players)
        self.mirror = MatchMirror(game, players, options, welcome.seat)
        super().__init__(self.mirror, None)
        self.connection = connection
        self.table = welcome.table
        self.own_seat = welcome.seat
        self.owner = welcome.owner
        self.seat_infos: list[SeatInfo] = []
        self.spectators = 0
        self.closed = False
        self.problem = ""
        """Why the table's connection ended, if it did."""
        self.dismissed = ""
        """Why the table sent this connection away (the owner gave the seat back, say)."""
        self.access: TableAccess | None = None
        """Who may come to the table: the owner's sessions only."""
        self.fresh_codes: list[str] = []
        """One-time codes the owner's updates brought and the screen has not shown yet."""
        self._news: News | None = None
        self._pending: list[LogLine] = []
        self.finished: rb.Match | None = None
        """The whole match once it is over, as the server sent it for reviews."""
        self.campaign: CampaignNews | None = first.campaign
        """At a campaign table: where the campaign stands, as last sent."""
        self._attempt = None if first.campaign is None else first.campaign.attempt
        self.moved_on = False
        """At a campaign table: the next chapter started (this session's match is over)."""
        if welcome.campaign:
            self.after_end = "To the campaign"
        self._receive(first)

    # -- what the server says -----------------------------------------------------------------

    def listen(self, news: News) -> None:
        """Call ``news`` with the new log lines after each update (and now, with the first)."""
        self._news = news
        self.connection.listen(self._receive, self._refused)
        lines, self._pending = self._pending, []
        news(lines)

    def _receive(self, update: Update) -> None:
        if not self._same_chapter(update):
            # Another chapter's match: its board is not this one's. The campaign screen
            # takes the player into it.
            if not self.moved_on:
                self.moved_on = True
                self._refused("the next chapter has started: the campaign screen takes you in")
            return
        if update.campaign is not None:
            self.campaign = update.campaign
        self.seat_infos = update.seats
        if update.access is not None:
            if self.access is not None:  # codes made before arriving are not news
                self.fresh_codes += new_codes(self.access, update.access)
            self.access = update.access
        self.seats = [Seat(s.name, "bot", s.bot) if s.bot else Seat(s.name) for s in update.seats]
        self.spectators = update.spectators
        self.closed = update.closed
        self.mirror.receive(update)
        self.mirror.waiting = self._waiting()
        if update.finished and self.finished is None:
            self.finished = self._read_finished(update.finished)
        if self._news is None:
            self._pending.extend(update.lines)
        else:
            self._news(update.lines)

    def _same_chapter(self, update: Update) -> bool:
        """Whether an update is of this session's chapter: the one it started with, or its
        end, once recorded (one attempt more)."""
        news = update.campaign
        if news is None or self._attempt is None:
            return True
        if news.attempt == self._attempt:
            return True
        return news.attempt == self._attempt + 1 and update.outcome is not None

    def _read_finished(self, data: bytes) -> rb.Match | None:
        # Checked like any save from elsewhere: a match this table could not have played is
        # not offered for review.
        try:
            match = rb.Match.load(data, game=self.mirror.game_id)
        except rb.RingbearerError:
            return None
        return match if match.outcome is not None else None

    def reviewable(self) -> rb.Match | None:
        """The finished match the server sent; nothing while the game goes on (the table's
        hidden hands stay with the server)."""
        return self.finished

    def _refused(self, reason: str) -> None:
        sent_away = dismissal(reason)
        if sent_away is not None:
            self.dismissed = sent_away
        else:
            self.problem = reason
        if self._news is not None:
            self._news([])

    def _waiting(self) -> str:
        to_move = self.mirror.to_move
        if to_move is None or self.closed:
            return "The table is closed." if self.closed and not self.over else ""
        info = self.seat_infos[to_move]
        if info.bot:
            return f"{info.name} (bot) is thinking…"
        if not info.account:
            return f"Waiting for someone to take {info.name}'s seat…"
        person = seat_and_person(info.name, info.account)
        if info.away:
            return f"{person} is away; the game waits for them."
        return f"Waiting for {person}…"

    @property
    def status(self) -> str:
        """One line for the players: the table, who is away, how many watch."""
        parts = [f"{'Watching table' if self.own_seat is None else 'Table'} {self.table}"]
        parts += [
            f"{seat_and_person(info.name, info.account)} is away"
            for info in self.seat_infos
            if info.away
        ]
        if self.spectators:
            parts.append(f"{self.spectators} watching")
        return " · ".join(parts)

    @property
    def my_turn(self) -> bool:
        return self.own_seat is not None and self.mirror.to_move == self.own_seat

    # -- what the screen asks -----------------------------------------------------------------

    @property
    def bot_to_move(self) -> bool:
        return False  # the server runs the bots

    @property
    def needs_hand_over(self) -> bool:
        return False  # every person has a screen of their own

    @property
    def viewer(self) -> int | None:
        return self.own_seat

    def play(self, action: rb.Action | str) -> list[rb.Event]:
        """Send the choice; what it did comes back with the next update."""
        if not self.my_turn or self.closed:
            raise rb.IllegalActionError(str(action), "it is not your turn")
        if not self.mirror.actions():
            raise rb.IllegalActionError(str(action), "your last choice is on its way")
        self.connection.act(str(action), self.mirror.step)
        self.mirror.receive(
            msgspec.structs.replace(self._last, prompt="", actions=[])  # no second choice
        )
        return []

    @property
    def _last(self) -> Update:
        assert self.mirror.update is not None
        return self.mirror.update

    @property
    def last_update(self) -> Update:
        """What the server last sent this seat (of this session's match)."""
        return self._last

    def bot_choice(self) -> rb.Action:
        raise HiddenStateError("the server plays a shared table's bots")

    def undo_turn(self, describe: object) -> list[str]:
        raise rb.UndoError("a shared table cannot take moves back")

    def retell(
        self, describe: object, last: int = 60
    ) -> list[tuple[int | None, str, list[rb.Event]]]:
        return []  # the server sends the log in words with the first update

    def save_as(self, name: str) -> None:
        raise SaveNameError("a shared table goes to every player's saves when it ends")

    def advice(self, seed: int) -> list[rb.Ranking]:
        raise HiddenStateError("hints need the hidden cards, which only the server knows")

    def end_details(self, summary: Callable[[rb.Match], str]) -> str:
        return self._last.summary

    def close(self) -> None:
        self.connection.close()
