"""A campaign table's campaign: the Book's chapters played one after another at one table.

The table keeps the app's campaign record (the same one local play keeps, without the chapter
in play, which is the table's match). A chapter's end is folded in by the rules local play
uses (``campaign_after``, through :func:`finish_attempt`), and each seated player's own
campaign save is written after every attempt, so the campaign can be continued at home or at
a new table. No Textual here, and no sockets: the table service calls these.
"""

from __future__ import annotations

import msgspec

import ringbearer_engine as rb

from ..games.adventure_book.play import finish_attempt, start_attempt
from ..games.adventure_book.saves import (
    CAMPAIGN_GAME,
    Attempt,
    CampaignRecord,
    CampaignStore,
    decode,
    encode,
)
from ..paths import resolve_paths
from ..seats import MAX_SEAT_NAME, Seat, fits_as_name
from .accounts import Account
from .logs import log


class CampaignTableError(ValueError):
    """A campaign that a table cannot play, with the reason."""


MAX_CAMPAIGN_NAME = 40
"""As long as the New game dialog lets a campaign's name be."""


def read_campaign(data: bytes, *, playable: bool = True) -> CampaignRecord:
    """A campaign save sent to open a table, checked as any save from elsewhere is; with
    ``playable``, one that is over is refused too."""
    if not isinstance(data, bytes):
        raise CampaignTableError("a campaign is sent as a campaign save's bytes")
    try:
        record = decode(data)
    except rb.RingbearerError as error:
        raise CampaignTableError(f"the campaign cannot be played: {error}") from None
    except Exception as error:  # hostile bytes may fail outside the save's own checks
        raise CampaignTableError(f"the campaign cannot be read ({type(error).__name__})") from None
    if playable:
        check_names(record)
        if record.state.finished:
            raise CampaignTableError(
                f"the campaign {record.name!r} is over: it was {record.state.status}"
            )
    return record


def check_names(record: CampaignRecord) -> None:
    """A campaign sent from elsewhere holds the names the app would have let it hold: the
    table shows them to every player and writes them in logs and in other people's saves."""
    name = record.name
    if not fits_as_name(name, MAX_CAMPAIGN_NAME):
        raise CampaignTableError(
            f"a campaign needs a name of 1-{MAX_CAMPAIGN_NAME} printable characters"
        )
    # The save's own checks have refused control characters and a wrong number of seats.
    bots = rb.bot_names(rb.get_game(CAMPAIGN_GAME))
    for seat in record.seats:
        if not fits_as_name(seat.name):
            raise CampaignTableError(
                f"a seat needs a name of 1-{MAX_SEAT_NAME} printable characters"
            )
        if seat.is_bot and seat.bot not in bots:
            raise CampaignTableError(
                f"no bot is called {seat.bot!r}: the Book's bots are {', '.join(bots)}"
            )


def first_match(record: CampaignRecord) -> rb.Match:
    """The match a table opening ``record`` plays: its chapter in play, or the next attempt."""
    if record.match is not None:
        match = rb.Match.load(record.match, game=CAMPAIGN_GAME)
        if match.outcome is None:
            record.match = None
            return match
        finish_attempt(record)  # it ended just before it was saved: fold it in first
    return next_match(record, record.seats)


def next_match(record: CampaignRecord, seats: list[Seat]) -> rb.Match:
    """The next chapter attempt, for these seats (a seat a bot took keeps its bot)."""
    record.seats = list(seats)
    match = start_attempt(record)
    record.match = None  # the table keeps the match itself
    return match


def is_folded(record: CampaignRecord, match: rb.Match) -> bool:
    """Whether ``match`` (a finished chapter) is in the campaign already: a server stopped
    between saving a chapter's last step and folding it in has not."""
    attempts = getattr(match.options, "attempts", None)
    return attempts is None or record.state.attempts > attempts


def fold(record: CampaignRecord, match: rb.Match) -> Attempt:
    """Record the finished chapter ``match`` and move the campaign on by the rules."""
    record.match = match.save()
    return finish_attempt(record)


def news_record(record: CampaignRecord) -> bytes:
    """The campaign save players are sent and keep: never a chapter in play."""
    return encode(msgspec.structs.replace(record, match=None))


def save_for(account: Account | None, record: CampaignRecord) -> None:
    """Put the campaign, as it stands between chapters, in ``account``'s campaign saves (the
    file named by the campaign's id, so every later attempt updates the same save).

    A copy that cannot be written (a full disk, a folder made unwritable) is logged and the
    table plays on: the table's own record keeps the campaign, and the next chapter's end
    writes the player's copy again."""
    if account is None:
        return
    store = CampaignStore(resolve_paths(account.data).campaigns)
    try:
        store.write(record, news_record(record))
    except (OSError, ValueError, rb.RingbearerError) as error:
        log(
            "campaign-copy-failed",
            user=account.username,
            campaign=record.name,
            reason=f"{type(error).__name__}: {error}",
        )
