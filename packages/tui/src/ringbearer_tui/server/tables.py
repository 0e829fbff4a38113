"""Shared tables: a match that several accounts play, owned by the server process.

A table keeps its match, who holds each seat, and who is watching. It checks every action
against the seat of the connection that sent it, and gives each connection its own seat's
view only (spectators the public view). It is saved after every step, so a restarted server
brings it back with its seats.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

import ringbearer_engine as rb

from ..atomic import write_atomic
from ..games.adventure_book.saves import CAMPAIGN_GAME, CampaignRecord, progress
from ..paths import resolve_paths
from ..seats import MAX_SEAT_NAME, TABLE_COPY, Seat, fits_as_name, seat_and_person
from ..session import GameSession
from ..storage import SaveStore
from ..tables.protocol import (
    CampaignNews,
    LogLine,
    SeatInfo,
    SeatPlan,
    TableAccess,
    TableEntry,
    Update,
)
from . import table_campaign
from .accounts import Account, valid_username
from .database import Database
from .logs import log
from .table_writer import TableWriter

NAME_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
"""Table names avoid letters that read alike (i/l/1, o/0)."""
NAME_LENGTH = 4
CODE_LENGTH = 10
"""A table's one-time code: longer than any table name, so the two never mix."""
MAX_CODES = 5
"""One-time codes a table keeps unused at once."""
MAX_INVITED = 32
"""Accounts a table keeps invited by name at once."""
FIRST_LINES = 30
MAX_BOT_AFTER = 24 * 3600.0
"""A newcomer's log starts with this many steps, as the local game screen's does."""


FINISHED_SAVE_LIMIT = 1024 * 1024
"""The largest finished match sent to the table for reviews: well inside a server message's
bound (a finished game's save is a few kilobytes)."""


class TableError(ValueError):
    """A table request that cannot be carried out, with the reason."""


class TableRecord(msgspec.Struct, kw_only=True):
    """What is kept of a table besides its match."""

    name: str
    owner: str
    holders: list[str]
    """The account holding each seat; "" for an open seat or a bot's."""
    spectators: bool = True
    """Whether watching is allowed (a new table's owner turns it on; tables kept from
    before that question keep theirs)."""
    open_to_all: bool = True
    """Anyone may take an open seat; else only the owner's invited accounts. New tables are
    private unless their owner says otherwise; tables kept from before private tables
    existed stay open to anyone, as they were opened."""
    invited: list[str] = []
    """Accounts the owner invited (by name, or by a code they used) who may take an open
    seat at a private table, and see it."""
    codes: list[str] = []
    """One-time codes not used yet: each invites the first account that joins with it."""
    freed: list[str] = []
    """Accounts whose seat the owner gave back: they may not come back unless invited again."""
    closed: bool = False
    bot_after: float = 0.0
    """Seconds after which a bot plays an absent person's seat; 0: the table waits."""
    last_active: float = 0.0
    """When (``time.time()``) the table last moved or somebody came or left; 0: unknown."""
    campaign: bytes | None = None
    """A campaign table's campaign save as it stands (see :mod:`.table_campaign`); None at a
    table of one match."""
    ready: list[bool] = []
    """Between two chapters of a campaign: which seats are ready for the next."""


class Seated:
    """One connection at a table, and what it has been sent."""

    def __init__(
        self,
        account: str,
        seat: int | None,
        send: Callable[[Update], None],
        dismiss: Callable[[str], None] | None = None,
    ) -> None:
        self.account = account
        self.seat = seat
        self.send = send
        self.dismiss = dismiss
        """Tells the connection it is no longer at the table, and why (it is then closed)."""
        self.lines_sent: int | None = None
        self.finished_sent = False
        """Whether the finished match went with an update already (it goes once)."""


@dataclass
class Table:
    record: TableRecord
    session: GameSession
    folder: Path
    database: Database
    lines: list[LogLine] = field(default_factory=list)
    present: list[Seated] = field(default_factory=list)
    bot_task: asyncio.Task[None] | None = None
    news: dict[str, float] = field(default_factory=dict)
    """When each account last had news of a table (see :attr:`TableService.last_news`)."""
    _finished: bytes | None = field(default=None, repr=False)
    """The finished match's save, made once (see ``update_for``); b"" when too big to send."""
    campaign: CampaignRecord | None = None
    """A campaign table's campaign (the record keeps its bytes); None at any other table."""

    @property
    def between(self) -> bool:
        """A campaign table between two chapters: the last is over, the next waits."""
        return (
            self.campaign is not None
            and self.match.outcome is not None  # first: the cheap test, false in a chapter
            and not self.record.closed
            and not self.campaign.state.finished
        )

    def everyone_ready(self) -> bool:
        """Every seat a person holds is ready (bots and seats nobody took do not wait)."""
        return all(
            self.record.ready[n]
            for n, holder in enumerate(self.record.holders)
            if holder and not self.session.seats[n].is_bot
        )

    def campaign_news(self, *, whole: bool) -> CampaignNews | None:
        """Where the campaign stands; ``whole``: with the campaign save itself, which only a
        newcomer and the end of a chapter need (it does not change within a chapter)."""
        if self.campaign is None or self.record.campaign is None:
            return None
        return CampaignNews(
            record=self.record.campaign if whole else b"",
            attempt=len(self.campaign.history),
            between=self.between,
            ready=list(self.record.ready),
        )

    @property
    def name(self) -> str:
        return self.record.name

    @property
    def match(self) -> rb.Match:
        return self.session.match

    @property
    def spectators(self) -> int:
        return sum(1 for seated in self.present if seated.seat is None)

    def seat_of(self, account: str) -> int | None:
        for n, holder in enumerate(self.record.holders):
            if holder == account:
                return n
        return None

    def open_seats(self) -> list[int]:
        return [
            n
            for n, holder in enumerate(self.record.holders)
            if not holder and not self.session.seats[n].is_bot
        ]

    def connected(self, seat: int) -> bool:
        return any(seated.seat == seat for seated in self.present)

    def welcomes(self, account: str) -> bool:
        """Whether the "Join a table" list shows this table to ``account``."""
        if not self.admits(account):
            return False
        held = self.seat_of(account) is not None
        return held or bool(self.open_seats()) or self.record.spectators

    def admits(self, account: str) -> bool:
        """Whether ``account`` may know of this table at all: see it listed, take an open
        seat, or watch (if watching is allowed). Anyone else is told it does not exist."""
        record = self.record
        if account == record.owner or self.seat_of(account) is not None:
            return True
        if account in record.freed:
            return False
        return record.open_to_all or account in record.invited

    def access(self) -> TableAccess:
        record = self.record
        return TableAccess(
            open_to_all=record.open_to_all,
            watching=record.spectators,
            invited=list(record.invited),
            codes=list(record.codes),
        )

    def seat_infos(self) -> list[SeatInfo]:
        infos = []
        for n, seat in enumerate(self.session.seats):
            holder = self.record.holders[n]
            infos.append(
                SeatInfo(
                    name=seat.name,
                    account=holder,
                    bot=(seat.bot or "heuristic") if seat.is_bot else "",
                    away=bool(holder) and not seat.is_bot and not self.connected(n),
                )
            )
        return infos

    def entry(self, account: str) -> TableEntry:
        mine = self.seat_of(account) is not None
        return TableEntry(
            name=self.name,
            game=self.match.game_id,
            owner=self.record.owner,
            seats=self.seat_infos(),
            open_seats=len(self.open_seats()),
            spectators=self.spectators,
            watchable=self.record.spectators,
            mine=mine,
            campaign="" if self.campaign is None else progress(self.campaign),
            campaign_id=self.campaign.id if self.campaign is not None and mine else "",
            open_to_all=self.record.open_to_all,
        )

    # -- what a connection is shown ----------------------------------------------------------

    def update_for(self, seated: Seated) -> Update:
        """Everything ``seated``'s screen shows, and nothing of any other seat's."""
        match = self.match
        seat = seated.seat
        to_move = match.to_move
        deciding = seat is not None and seat == to_move and not self.record.closed
        outcome = match.outcome
        newcomer = seated.lines_sent is None
        start = (
            max(0, len(self.lines) - FIRST_LINES)
            if seated.lines_sent is None
            else seated.lines_sent
        )
        seated.lines_sent = len(self.lines)
        return Update(
            step=len(match.log),
            public=msgspec.to_builtins(match.view(None)),
            view=None if seat is None else msgspec.to_builtins(match.view(seat)),
            to_move=to_move,
            prompt=match.prompt if deciding else "",
            actions=[str(action) for action in match.actions()] if deciding else [],
            outcome=None if outcome is None else msgspec.to_builtins(outcome),
            summary=self._summary() if outcome is not None else "",
            turn=match.game.turn_number(match.state),
            lines=self.lines[start:],
            seats=self.seat_infos(),
            spectators=self.spectators,
            closed=self.record.closed,
            finished=self._finished_for(seated) if outcome is not None else None,
            campaign=self.campaign_news(whole=newcomer or outcome is not None),
            access=self.access() if seated.account == self.record.owner else None,
        )

    def _finished_for(self, seated: Seated) -> bytes | None:
        """The finished match's save, for ``seated``'s first update after the end only (the
        match no longer changes, and the client keeps the first copy); None if it is too big
        to send with an update (see ``FINISHED_SAVE_LIMIT``)."""
        if seated.finished_sent:
            return None
        seated.finished_sent = True
        if self._finished is None:
            data = self.match.save()
            self._finished = data if len(data) <= FINISHED_SAVE_LIMIT else b""
        return self._finished or None

    def _summary(self) -> str:
        from ..games import look_for

        return look_for(self.match.game_id).summary(self.match)

    def reset_sent(self) -> None:
        """A new chapter: every connection is sent its log and its end afresh."""
        self._finished = None
        for seated in self.present:
            seated.lines_sent = None
            seated.finished_sent = False

    def push(self) -> None:
        now = time.monotonic()
        for seated in list(self.present):
            seated.send(self.update_for(seated))
            self.news[seated.account] = now

    # -- playing -----------------------------------------------------------------------------

    def play(self, action: rb.Action | str) -> None:
        """Play for whoever decides now and log it in words; the caller pushes the news
        and then saves (the players are told first, the disk is waited for after)."""
        from ..games import look_for, tell

        look = look_for(self.match.game_id)
        parsed = self.match.parse(action) if isinstance(action, str) else action
        seat = self.match.to_move
        label = look.describe(self.match, parsed) if parsed in self.match.actions() else ""
        events = self.session.play(parsed)  # raises IllegalActionError, changing nothing
        who = None if seat is None else self.person(seat)
        players = [s.name for s in self.session.seats]
        self.lines.append(LogLine(who, label, [tell(look, event, players) for event in events]))

    def save(self) -> None:
        """Save the table now (see :meth:`saving`)."""
        self.saving()()

    def saving(self) -> Callable[[], None]:
        """What saves the table as it is now: the bytes are taken at once, and the returned
        function writes them, the match to its file first, then the record, so that a
        record never names a step that its match file does not hold."""
        self.match.meta["seats"] = [msgspec.to_builtins(seat) for seat in self.session.seats]
        if self.campaign is not None:
            self.record.campaign = table_campaign.news_record(self.campaign)
        match = self.match.save()
        record = msgspec.json.encode(self.record)
        closed = self.record.closed

        def write() -> None:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_atomic(self.folder / "match.rbsave", match)
            self.database.put_table(self.name, record, closed)

        return write

    def bot_to_move(self) -> bool:
        return self.session.bot_to_move and not self.record.closed

    def person(self, seat: int) -> str:
        """Who acts for ``seat``, as the log says it: "Sam (bob)"; a bot's seat by its name."""
        name = self.session.seats[seat].name
        if self.session.seats[seat].is_bot:
            return name
        return seat_and_person(name, self.record.holders[seat])

    def retold(self) -> list[LogLine]:
        from ..games import look_for, tell

        look = look_for(self.match.game_id)
        players = [s.name for s in self.session.seats]
        return [
            LogLine(
                None if seat is None else self.person(seat),
                label,
                [tell(look, event, players) for event in events],
            )
            for seat, label, events in self.session.retell(look.describe, last=FIRST_LINES)
        ]


def copy_for(table: Table, username: str) -> rb.Match:
    """The closed table's match as ``username`` keeps it in their saves: marked with the
    table and their seat, so that it opens from that seat only (see
    :func:`~ringbearer_tui.seats.seats_from_meta`), never as a hot-seat game that would show
    the other people's hands at each hand-over."""
    copy = table.match.clone()
    copy.meta[TABLE_COPY] = {"table": table.name, "seat": table.seat_of(username)}
    return copy


class TableService:
    """Every table of the server, the tokens that name accounts, and the bots that play."""

    def __init__(
        self,
        root: Path,
        find_account: Callable[[str], Account | None],
        *,
        database: Database | None = None,
        bot_delay: float = 0.5,
        max_tables: int = 100,
        max_per_account: int = 5,
        expiry: float = 14 * 24 * 3600.0,
    ) -> None:
        self.root = root / "tables"
        self.database = database or Database(root)
        self.find_account = find_account
        self.bot_delay = bot_delay
        self.max_tables = max_tables
        self.max_per_account = max_per_account
        self.expiry = expiry
        self._expiry_task: asyncio.Task[None] | None = None
        self.tables: dict[str, Table] = {}
        self._tokens: dict[str, str] = {}
        self.last_news: dict[str, float] = {}
        """When each account was last sent a table's news (``time.monotonic()``): a session
        that watches a table as it moves is not idle."""
        self.writer = TableWriter()
        """Writes the saves of steps, off the server's loop."""

    # -- who is asking -------------------------------------------------------------------------

    def issue_token(self, username: str) -> str:
        """A secret for one game process to speak for ``username``; revoke it when it ends."""
        token = secrets.token_hex(16)
        self._tokens[token] = username
        return token

    def revoke_token(self, token: str) -> None:
        self._tokens.pop(token, None)

    def account_of(self, token: str) -> str:
        account = self._tokens.get(token) if isinstance(token, str) else None
        if account is None:
            raise TableError("this connection is not one the server started")
        return account

    # -- opening, restoring, listing -------------------------------------------------------------

    def open(
        self,
        owner: str,
        game_id: str,
        plans: list[SeatPlan],
        *,
        spectators: bool = False,
        open_to_all: bool = False,
        seed: int | None = None,
        bot_after: float = 0.0,
        options: dict[str, Any] | None = None,
        campaign: bytes | None = None,
    ) -> Table:
        """Open a table of one match, or (given ``campaign``, a campaign save) a campaign
        table, whose seats are the campaign's. Its open seats are for the accounts its owner
        invites unless ``open_to_all``; it may be watched only if ``spectators``."""
        self._check_room(owner)
        try:
            game = rb.get_game(game_id)
        except KeyError:
            raise TableError(f"there is no game {game_id!r}") from None
        record: CampaignRecord | None = None
        if campaign is not None:
            if game.id != CAMPAIGN_GAME:
                raise TableError(f"{game.title} is not played as a campaign")
            try:
                record = table_campaign.read_campaign(campaign)
                session = GameSession(table_campaign.first_match(record), None)
            except (table_campaign.CampaignTableError, rb.RingbearerError) as error:
                raise TableError(str(error)) from None
            seats = session.seats
            self._check_not_played(record)
        else:
            seats = self._seats_of(game, plans)
        people = [n for n, seat in enumerate(seats) if not seat.is_bot]
        if not people:
            raise TableError("a table needs at least one seat for a person")
        if record is None:
            try:
                session = GameSession.start(game.id, seats, seed, options or {}, None)
            except (rb.RingbearerError, msgspec.ValidationError) as error:
                raise TableError(str(error)) from None
        name = self._new_name()
        holders = [""] * len(seats)
        holders[people[0]] = owner
        if not 0 <= bot_after <= MAX_BOT_AFTER:
            raise TableError(f"a bot may wait 0 to {MAX_BOT_AFTER:g} seconds, not {bot_after:g}")
        table_record = TableRecord(
            name=name,
            owner=owner,
            holders=holders,
            spectators=spectators,
            open_to_all=open_to_all,
            bot_after=bot_after,
            last_active=time.time(),
        )
        table = Table(table_record, session, self.root / name, self.database, news=self.last_news)
        if record is not None:
            table.campaign = record
            table_record.ready = [False] * len(seats)
        self._save(table)
        if record is not None:
            table_campaign.save_for(self.find_account(owner), record)
        self.tables[name] = table
        self._schedule_bot(table)
        return table

    def _check_not_played(self, record: CampaignRecord) -> None:
        """One campaign, one table: two would each write the players' one campaign save."""
        for table in self.tables.values():
            if table.campaign is not None and table.campaign.id == record.id:
                raise TableError(
                    f"this campaign is being played at table {table.name}: join it there"
                )

    @staticmethod
    def _seats_of(game: rb.Game[Any], plans: list[SeatPlan]) -> list[Seat]:
        seats = []
        for plan in plans:
            name = plan.name.strip()
            if not fits_as_name(name):
                raise TableError(f"a seat needs a name of 1-{MAX_SEAT_NAME} printable characters")
            if plan.bot and plan.bot not in rb.bot_names(game):
                raise TableError(f"{game.title} has no bot {plan.bot!r}")
            seats.append(Seat(name, "bot", plan.bot) if plan.bot else Seat(name))
        return seats

    def _check_room(self, owner: str) -> None:
        if len(self.tables) >= self.max_tables:
            raise TableError(
                f"the server has {len(self.tables)} tables open, as many as it keeps: "
                "join one, or try again when one has ended"
            )
        mine = sum(1 for table in self.tables.values() if table.record.owner == owner)
        if mine >= self.max_per_account:
            raise TableError(
                f"you have {mine} tables open, as many as one player may: "
                "close one (x at the table) before opening another"
            )

    def _new_name(self) -> str:
        while True:
            name = "".join(secrets.choice(NAME_LETTERS) for _ in range(NAME_LENGTH))
            if name not in self.database.table_names() and not (self.root / name).exists():
                return name

    def restore(self) -> list[str]:
        """Bring back every table that was open when the server last stopped.

        Returns the problems met: a damaged table is left on disk and named, not loaded."""
        problems: list[str] = []
        for name, data in self.database.open_tables():
            folder = self.root / name
            try:
                record = msgspec.json.decode(data, type=TableRecord)
                match = rb.Match.load((folder / "match.rbsave").read_bytes())
            except (OSError, msgspec.DecodeError, rb.SaveError) as error:
                problems.append(f"{name}: {error}")
                continue
            if record.name != name or len(record.holders) != len(match.players):
                problems.append(f"{name}: its record does not fit its match")
                continue
            if not record.last_active:  # saved by an older version: its clock starts now
                record.last_active = time.time()
            table = Table(
                record, GameSession(match, None), folder, self.database, news=self.last_news
            )
            if record.campaign is not None:
                try:
                    table.campaign = table_campaign.read_campaign(record.campaign, playable=False)
                except table_campaign.CampaignTableError as error:
                    problems.append(f"{name}: {error}")
                    continue
                if len(record.ready) != len(record.holders):
                    record.ready = [False] * len(record.holders)
            table.lines = table.retold()
            self.tables[name] = table
            unfolded = (
                table.campaign is not None
                and match.outcome is not None
                and not table_campaign.is_folded(table.campaign, match)
            )
            if unfolded:  # stopped between a chapter's last step and its folding in
                self._chapter_over(table)
            elif table.campaign is not None and table.campaign.state.finished:
                self._finish(table)  # stopped between the campaign's end and the closing
            self._schedule_bot(table)
        return problems

    def listing(self, account: str) -> list[TableEntry]:
        """The tables ``account`` may see: a private table only if it was invited there."""
        return [
            table.entry(account)
            for table in self.tables.values()
            if not table.record.closed and table.welcomes(account)
        ]

    # -- sitting down ---------------------------------------------------------------------------

    def join(
        self,
        account: str,
        name: str,
        seat: int | None,
        watch: bool,
        send: Callable[[Update], None],
        dismiss: Callable[[str], None] | None = None,
    ) -> tuple[Table, Seated]:
        """Seat (or stand, for ``watch``) an account at a table, named or by a one-time code
        of its owner's; the caller pushes the news once it has welcomed the connection.

        A table the account may not know of is refused exactly as one that does not exist,
        so that no name of a private table can be learnt by guessing."""
        table = self.tables.get(name)
        if table is None and len(name) == CODE_LENGTH:
            table = self._use_code(account, name)
        if table is None or table.record.closed or not table.admits(account):
            if table is not None and not table.record.closed and account in table.record.freed:
                raise TableError(
                    f"the owner of table {table.name} gave your seat back: "
                    "ask them to invite you again"
                )
            raise TableError(f"there is no open table {name!r}")
        if watch:
            if not table.record.spectators:
                raise TableError(f"table {name} does not allow spectators")
            chosen: int | None = None
        else:
            chosen = self._seat_for(table, account, seat)
        seated = Seated(account, chosen, send, dismiss)
        table.record.last_active = time.time()
        if chosen is not None:
            for other in [s for s in table.present if s.seat == chosen]:
                # The same account from a newer connection takes its seat back.
                table.present.remove(other)
            if not table.record.holders[chosen]:
                table.record.holders[chosen] = account
                if account in table.record.invited:  # at the table now: the seat says so
                    table.record.invited.remove(account)
                self._save(table)
                if table.campaign is not None:
                    table_campaign.save_for(self.find_account(account), table.campaign)
        table.present.append(seated)
        return table, seated

    def _use_code(self, account: str, code: str) -> Table | None:
        """The open table whose owner made ``code``; the code invites ``account`` there and
        is used up, unless the account may come already (then it stays for a friend)."""
        for table in self.tables.values():
            record = table.record
            if record.closed or not any(secrets.compare_digest(code, c) for c in record.codes):
                continue
            if table.admits(account):
                return table
            record.codes.remove(code)
            if account in record.freed:
                record.freed.remove(account)
            if account not in record.invited:
                record.invited.append(account)
            self._save(table)
            log("table", action="code-used", table=table.name, account=account)
            self._push_owner(table)
            return table
        return None

    def _seat_for(self, table: Table, account: str, wanted: int | None) -> int:
        held = table.seat_of(account)
        if wanted is None:
            if held is not None:
                return held
            free = table.open_seats()
            if not free:
                raise TableError(f"table {table.name} has no open seat")
            return free[0]
        if not isinstance(wanted, int) or not 0 <= wanted < len(table.record.holders):
            raise TableError(f"table {table.name} has no seat {wanted}")
        if held is not None and held != wanted:
            raise TableError(f"your seat at table {table.name} is {held + 1}, not {wanted + 1}")
        if held == wanted:
            return wanted
        if wanted not in table.open_seats():
            raise TableError(f"seat {wanted + 1} at table {table.name} is not yours")
        return wanted

    def leave(self, table: Table, seated: Seated) -> None:
        if seated in table.present:
            table.present.remove(seated)
            table.record.last_active = time.time()
            table.push()
            seat = seated.seat
            if seat is not None and table.record.bot_after > 0 and not table.connected(seat):
                asyncio.get_running_loop().call_later(
                    table.record.bot_after, self._bot_for_absent, table, seat
                )

    def _bot_for_absent(self, table: Table, seat: int) -> None:
        """The table was opened to let a bot play for a person away this long."""
        if table.record.closed or table.connected(seat) or table.session.seats[seat].is_bot:
            return
        if not table.record.holders[seat]:
            return  # the owner gave the seat back: it waits for whoever takes it
        if table.between:
            return  # no chapter to play: the seat stays its player's (see _next_chapter)
        self._give_to_bot(table, seat)

    # -- acting ---------------------------------------------------------------------------------

    def act(self, table: Table, seated: Seated, text: str, step: int) -> None:
        """Play ``text`` for ``seated``'s seat; every refusal is a :class:`TableError`."""
        if table.record.closed:
            raise TableError("the table is closed")
        if seated.seat is None:
            raise TableError("spectators cannot act")
        if seated not in table.present:
            raise TableError("your seat was taken by your newer connection")
        if table.session.seats[seated.seat].is_bot:
            raise TableError("a bot plays your seat now")
        if table.between:
            raise TableError("the chapter is over; the next starts when everyone is ready")
        if table.match.to_move != seated.seat:
            raise TableError("it is not your turn")
        if step != len(table.match.log):
            raise TableError("the game moved on; choose again")
        try:
            table.play(text)
        except rb.RingbearerError as error:
            raise TableError(getattr(error, "reason", None) or str(error)) from None
        self._after_step(table)

    def seat_bot(self, table: Table, seated: Seated, seat: int) -> None:
        """The owner gives an absent person's seat to a bot."""
        self._check_owner(table, seated)
        if not isinstance(seat, int) or not 0 <= seat < len(table.record.holders):
            raise TableError(f"table {table.name} has no seat {seat}")
        current = table.session.seats[seat]
        if current.is_bot:
            raise TableError(f"a bot already plays {current.name}'s seat")
        if table.connected(seat):
            raise TableError(f"{current.name} is here; only an absent player's seat goes to a bot")
        self._give_to_bot(table, seat)

    def _give_to_bot(self, table: Table, seat: int) -> None:
        current = table.session.seats[seat]
        table.session.seats[seat] = Seat(current.name, "bot", "heuristic")
        table.record.holders[seat] = ""
        self._save(table)
        table.push()
        self._schedule_bot(table)

    # -- who may come: the owner's say ------------------------------------------------------------

    def invite(self, table: Table, seated: Seated, account: str) -> None:
        """The owner invites an account by name. Whether that account exists is not said
        (nobody learns the server's names by inviting them); a name registered later finds
        the invitation waiting."""
        self._check_owner(table, seated)
        record = table.record
        if not isinstance(account, str) or not valid_username(account):
            raise TableError(
                "an account name is 1-32 lowercase letters, digits, - or _, starting with a letter"
            )
        if account == record.owner or table.seat_of(account) is not None:
            raise TableError(f"{account} already has a seat at table {table.name}")
        if account in record.invited:
            raise TableError(f"{account} is invited already")
        if len(record.invited) >= MAX_INVITED:
            raise TableError(
                f"table {table.name} has {len(record.invited)} invitations waiting, as many "
                "as it keeps: withdraw one first"
            )
        record.invited.append(account)
        if account in record.freed:
            record.freed.remove(account)
        self._save(table)
        log("table", action="invite", table=table.name, account=seated.account, invited=account)
        self._push_owner(table)

    def uninvite(self, table: Table, seated: Seated, who: str) -> None:
        """The owner withdraws an invitation by name, or an unused code. An account already
        seated keeps its seat (freeing a seat is :meth:`free_seat`)."""
        self._check_owner(table, seated)
        record = table.record
        if not isinstance(who, str):
            raise TableError("withdraw a name or a code")
        if who in record.invited:
            record.invited.remove(who)
        elif who in record.codes:
            record.codes.remove(who)
        else:
            raise TableError("there is no such invitation at this table")
        self._save(table)
        self._send_away(table, "the owner withdrew your invitation")
        self._push_owner(table)

    def make_code(self, table: Table, seated: Seated) -> str:
        """A new one-time code for the table; the owner sees it in the next update."""
        self._check_owner(table, seated)
        record = table.record
        if len(record.codes) >= MAX_CODES:
            raise TableError(
                f"table {table.name} has {len(record.codes)} unused codes, as many as it "
                "keeps: give one of them, or withdraw one"
            )
        taken = {c for t in self.tables.values() for c in t.record.codes}
        while True:
            code = "".join(secrets.choice(NAME_LETTERS) for _ in range(CODE_LENGTH))
            if code not in taken and code not in self.tables:
                break
        record.codes.append(code)
        self._save(table)
        log("table", action="make-code", table=table.name, account=seated.account)
        self._push_owner(table)
        return code

    def set_access(self, table: Table, seated: Seated, open_to_all: bool, watching: bool) -> None:
        """The owner opens the table's seats to anyone or keeps them for the invited, and
        allows watching or stops it (spectators no longer let in are sent away)."""
        self._check_owner(table, seated)
        if not isinstance(open_to_all, bool) or not isinstance(watching, bool):
            raise TableError("say yes or no")
        table.record.open_to_all = open_to_all
        table.record.spectators = watching
        self._save(table)
        reason = (
            "the owner stopped letting others watch"
            if not watching
            else "the owner made the table private"
        )
        self._send_away(table, reason)
        table.push()

    def free_seat(self, table: Table, seated: Seated, seat: int) -> None:
        """The owner gives a seat back: whoever holds it leaves the table (told why) and may
        not come back unless invited again; the seat is open for the next to take it. In
        the middle of a game, the game waits for that seat's next player as for any open
        seat (the owner may give it to a bot with b)."""
        self._check_owner(table, seated)
        record = table.record
        if not isinstance(seat, int) or not 0 <= seat < len(record.holders):
            raise TableError(f"table {table.name} has no seat {seat}")
        holder = record.holders[seat]
        name = table.session.seats[seat].name
        if not holder:
            raise TableError(f"nobody holds {name}'s seat")
        if holder == record.owner:
            raise TableError("the owner's seat is the owner's: close the table instead")
        record.holders[seat] = ""
        if record.ready and seat < len(record.ready):
            record.ready[seat] = False
        if holder in record.invited:
            record.invited.remove(holder)
        if holder not in record.freed:
            record.freed.append(holder)
        record.last_active = time.time()
        self._save(table)
        log("table", action="free-seat", table=table.name, account=seated.account, freed=holder)
        self._send_away(table, f"the owner of table {table.name} gave your seat back")
        table.push()

    def _send_away(self, table: Table, reason: str) -> None:
        """Every connection at ``table`` that may no longer be there leaves it, told why:
        a seat that is no longer its account's, a spectator no longer let in."""
        for seated in list(table.present):
            if seated.seat is not None:
                stays = table.record.holders[seated.seat] == seated.account
            else:
                stays = table.record.spectators and table.admits(seated.account)
            if stays:
                continue
            table.present.remove(seated)
            if seated.dismiss is not None:
                seated.dismiss(reason)

    def _push_owner(self, table: Table) -> None:
        """Only the owner's screen shows who is invited: only the owner is sent it at once."""
        now = time.monotonic()
        for seated in table.present:
            if seated.account == table.record.owner:
                seated.send(table.update_for(seated))
                table.news[seated.account] = now

    def close(self, table: Table, seated: Seated) -> None:
        self._check_owner(table, seated)
        self._finish(table)

    def _check_owner(self, table: Table, seated: Seated) -> None:
        if seated.account != table.record.owner or seated.seat is None:
            raise TableError("only the table's owner may do that")

    def _save(self, table: Table) -> None:
        """Save now, after every save of a step still on its way (which it replaces)."""
        self.writer.flush()
        table.save()

    def _save_soon(self, table: Table) -> None:
        """Save a step: the bytes now, the writing on the writer's thread."""
        table.record.last_active = time.time()
        self.writer.submit(table.name, table.saving())

    def _after_step(self, table: Table) -> None:
        if table.match.outcome is not None:
            self._match_over(table)
            return
        table.push()
        self._save_soon(table)
        self._schedule_bot(table)

    def _match_over(self, table: Table) -> None:
        if table.campaign is None:
            self._finish(table)
        else:
            self._chapter_over(table)

    # -- a campaign table, between chapters ------------------------------------------------------

    def _chapter_over(self, table: Table) -> None:
        """Record the chapter that just ended and move the campaign on; every player gets
        the campaign in their saves. The table then waits for its players to be ready for
        the next chapter, or closes at the campaign's end."""
        campaign = table.campaign
        assert campaign is not None
        table_campaign.fold(campaign, table.match)
        table.record.ready = [False] * len(table.record.holders)
        self._save(table)
        for account in {holder for holder in table.record.holders if holder}:
            table_campaign.save_for(self.find_account(account), campaign)
        if campaign.state.finished:
            self._finish(table)
            return
        table.push()

    def ready(self, table: Table, seated: Seated) -> None:
        """A seated player is ready for the next chapter; the last one ready starts it."""
        self._check_between(table)
        if seated.seat is None:
            raise TableError("spectators watch the next chapter when the players start it")
        if seated not in table.present:
            raise TableError("your seat was taken by your newer connection")
        table.record.ready[seated.seat] = True
        table.record.last_active = time.time()
        if table.everyone_ready():
            self._next_chapter(table)
            return
        self._save(table)
        table.push()

    def start_chapter(self, table: Table, seated: Seated) -> None:
        """The owner starts the next chapter without waiting for everyone to be ready."""
        self._check_owner(table, seated)
        self._check_between(table)
        self._next_chapter(table)

    def _check_between(self, table: Table) -> None:
        if table.campaign is None:
            raise TableError("this table plays one match, not a campaign")
        if not table.between:
            raise TableError("the chapter is not over yet")

    def _next_chapter(self, table: Table) -> None:
        campaign = table.campaign
        assert campaign is not None
        try:
            match = table_campaign.next_match(campaign, list(table.session.seats))
        except rb.RingbearerError as error:
            raise TableError(f"the next chapter cannot start: {error}") from None
        table.session = GameSession(match, None)
        table.lines = []
        table.reset_sent()
        table.record.ready = [False] * len(table.record.holders)
        table.record.last_active = time.time()
        self._save(table)
        table.push()
        self._schedule_bot(table)
        if table.record.bot_after > 0:
            # The table lets a bot play for whoever is away: their time starts with the
            # chapter, not before it.
            loop = asyncio.get_running_loop()
            for seat, holder in enumerate(table.record.holders):
                if holder and not table.connected(seat):
                    loop.call_later(table.record.bot_after, self._bot_for_absent, table, seat)

    def _finish(self, table: Table) -> None:
        """Close the table: every player gets the match in their saves; the table is done."""
        table.record.closed = True
        self._save(table)
        for account in {holder for holder in table.record.holders if holder}:
            self._save_for(account, table)
        table.push()
        if table.bot_task is not None:
            table.bot_task.cancel()
        self.tables.pop(table.name, None)

    def _save_for(self, username: str, table: Table) -> None:
        account = self.find_account(username)
        if account is None:
            return
        paths = resolve_paths(account.data)
        store = SaveStore(paths.saves, paths.autosaves)
        try:
            store.save_as(copy_for(table, username), f"table {table.name}", overwrite=True)
        except (OSError, ValueError) as error:
            # The table's own record keeps the match; the player's copy is logged as lost.
            log(
                "table-copy-failed",
                user=username,
                table=table.name,
                reason=f"{type(error).__name__}: {error}",
            )

    # -- bots -----------------------------------------------------------------------------------

    def _schedule_bot(self, table: Table) -> None:
        if not table.bot_to_move():
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        with contextlib.suppress(RuntimeError):  # no loop: restored before serving
            table.bot_task = asyncio.get_running_loop().create_task(self._bots_play(table))

    async def _bots_play(self, table: Table) -> None:
        while table.bot_to_move():
            await asyncio.sleep(self.bot_delay)
            step = len(table.match.log)
            action = await asyncio.to_thread(table.session.bot_choice)
            if len(table.match.log) != step or not table.bot_to_move():
                continue  # something else moved the game on meanwhile
            table.play(action)
            if table.session.over:
                self._match_over(table)
                return
            table.push()
            self._save_soon(table)

    # -- abandoned tables -------------------------------------------------------------------------

    def expire(self, now: float | None = None) -> list[str]:
        """Close every table nobody sits at that has not moved for :attr:`expiry` seconds;
        their names. Its players find it in their saves, as at any table's end."""
        moment = time.time() if now is None else now
        old = [
            table
            for table in self.tables.values()
            if not table.present
            and table.campaign is None  # a campaign waits for its players for days
            and moment - table.record.last_active >= self.expiry
        ]
        for table in old:
            self._finish(table)
        return [table.name for table in old]

    def start_expiry(self, every: float | None = None) -> None:
        """Look for abandoned tables from time to time, once the server's loop runs."""
        pause = every if every is not None else max(1.0, min(self.expiry / 10, 600.0))

        async def look() -> None:
            while True:
                await asyncio.sleep(pause)
                self.expire()

        self._expiry_task = asyncio.get_running_loop().create_task(look())

    def start_bots(self) -> None:
        """Let restored tables' bots play, once the server's loop runs."""
        for table in list(self.tables.values()):
            self._schedule_bot(table)

    async def close_all(self) -> None:
        if self._expiry_task is not None:
            self._expiry_task.cancel()
        for table in self.tables.values():
            if table.bot_task is not None:
                table.bot_task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await table.bot_task
        # The last steps' saves are on disk before the server says it has stopped.
        await asyncio.to_thread(self.writer.flush)
