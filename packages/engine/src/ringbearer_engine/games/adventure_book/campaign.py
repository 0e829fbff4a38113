"""The campaign between chapters, and its save.

The rulebook's own way to pause the game is the campaign save: after a chapter, note the
next chapter, the Corruption marker's space, and keep the Story deck with the Special cards
won so far apart from those not yet won. :class:`Campaign` is exactly that (plus the eye
spaces already used and who starts, which the engine needs to carry on faithfully). A
position in the middle of a chapter is an ordinary match save (:meth:`Match.save`).

>>> from ringbearer_engine.games.adventure_book import Campaign
>>> campaign = Campaign.new()
>>> Campaign.from_bytes(campaign.to_bytes()) == campaign
True

Rules: a won chapter leads to the next one, a lost chapter is played again with the marker
where it is, the campaign is won with chapter 8 and lost when the marker reaches the end of
the track. Special cards won stay in the deck whether the chapter was won or lost.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any, Final

import msgspec

from ringbearer_engine.errors import (
    DamagedSaveError,
    FutureVersionError,
    NotASaveError,
    SetupError,
    TruncatedSaveError,
)
from ringbearer_engine.match import Match

from .chapters import LAST_CHAPTER, TITLES
from .content import EYE_CARDS, SPECIALS
from .rules.corruption import TRACK
from .rules.ending import CORRUPTED
from .rules.turn import MAX_ATTEMPTS, campaign_numbers_problem
from .state import AdventureBookOptions, AdventureBookState

CAMPAIGN_FORMAT: Final = "ringbearer-adventure-book-campaign"
CAMPAIGN_VERSION: Final = 1
"""The campaign save version this engine writes (and the newest it reads)."""

STATUSES = ("playing", "won", "lost")


class Campaign(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """Where a campaign stands between two chapter attempts."""

    chapter: int = 1
    """The chapter to play next (the same one again after a loss)."""
    corruption: int = 0
    won_specials: tuple[str, ...] = ()
    fired_eyes: tuple[int, ...] = ()
    used_eye_cards: tuple[str, ...] = ()
    first_seat: int = 0
    """Who starts the next attempt: the left of whoever took the last turn (AB-A5)."""
    chapters_won: tuple[int, ...] = ()
    attempts: int = 0
    status: str = "playing"
    """``playing``, ``won`` (chapter 8 won) or ``lost`` (the track's end was reached)."""

    @classmethod
    def new(cls) -> Campaign:
        """A campaign at its very start: chapter 1, the marker on the ✳ space."""
        return cls()

    @property
    def finished(self) -> bool:
        return self.status != "playing"

    def options(self) -> AdventureBookOptions:
        """The match options that play the next chapter of this campaign."""
        return AdventureBookOptions(
            chapter=self.chapter,
            corruption=self.corruption,
            won_specials=self.won_specials,
            fired_eyes=self.fired_eyes,
            used_eye_cards=self.used_eye_cards,
            first_seat=self.first_seat,
            chapters_won=self.chapters_won,
            attempts=self.attempts,
        )

    def next_match(
        self,
        players: Sequence[str],
        seed: int | None = None,
        *,
        meta: Mapping[str, Any] | None = None,
    ) -> Match:
        """A match of the next chapter attempt. Refused once the campaign is over."""
        if self.finished:
            raise SetupError(f"the campaign is over: it was {self.status}")
        return Match.new("adventure-book", players, seed, self.options(), meta=meta)

    def to_bytes(self) -> bytes:
        """The campaign save: a small versioned MessagePack record with a checksum."""
        content = msgspec.to_builtins(self)
        save = CampaignSave(campaign=content, checksum=_checksum(content))
        return msgspec.msgpack.encode(save)

    @classmethod
    def from_bytes(cls, data: bytes) -> Campaign:
        """Read a campaign save; a damaged one raises a :class:`~ringbearer_engine.SaveError`
        subclass with a clear message, never a half-read campaign."""
        return _read(data)


class CampaignSave(msgspec.Struct, kw_only=True):
    """The bytes of a campaign save: format mark, version, the campaign, a checksum."""

    format: str = CAMPAIGN_FORMAT
    version: int = CAMPAIGN_VERSION
    campaign: Any
    checksum: str


def _checksum(content: object) -> str:
    return hashlib.sha256(msgspec.msgpack.encode(content)).hexdigest()


def _read(data: bytes) -> Campaign:
    if not isinstance(data, bytes | bytearray | memoryview):
        raise NotASaveError(f"a campaign save is bytes, not {type(data).__name__}")
    data = bytes(data)
    if not data:
        raise NotASaveError("the campaign save is empty")
    try:
        raw = msgspec.msgpack.decode(data)
    except msgspec.DecodeError as error:
        if "truncated" in str(error).lower():
            raise TruncatedSaveError(
                "the campaign save ends too early: it was cut off while being written"
            ) from None
        raise NotASaveError(f"this is not a campaign save: {error}") from None
    if not isinstance(raw, dict) or raw.get("format") != CAMPAIGN_FORMAT:
        raise NotASaveError("this is not an Adventure Book campaign save (no campaign mark)")
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DamagedSaveError(f"the campaign save's version is not a positive number: {version!r}")
    if version > CAMPAIGN_VERSION:
        raise FutureVersionError(
            f"this campaign save has version {version}; this engine reads up to "
            f"{CAMPAIGN_VERSION}. Upgrade ringbearer-engine to open it."
        )
    if raw.get("checksum") != _checksum(raw.get("campaign")):
        raise DamagedSaveError(
            "the campaign save's checksum does not match its content: it was changed or "
            "corrupted after it was written"
        )
    try:
        campaign = msgspec.convert(raw["campaign"], Campaign)
    except msgspec.ValidationError as error:
        raise DamagedSaveError(f"the campaign save is damaged: {error}") from None
    problem = _problem(campaign)
    if problem:
        raise DamagedSaveError(f"the campaign save is damaged: {problem}")
    return campaign


def _problem(campaign: Campaign) -> str:
    if not 1 <= campaign.chapter <= LAST_CHAPTER:
        return f"there is no chapter {campaign.chapter}"
    if not 0 <= campaign.corruption <= TRACK.last:
        return f"the Corruption marker cannot be on space {campaign.corruption}"
    if campaign.status not in STATUSES:
        return f"unknown status {campaign.status!r}"
    if (campaign.corruption == TRACK.last) != (campaign.status == "lost"):
        return "the marker is at the end of the track only when the campaign is lost"
    if set(campaign.won_specials) - set(SPECIALS) or len(set(campaign.won_specials)) != len(
        campaign.won_specials
    ):
        return "the won Special cards are not distinct known cards"
    if set(campaign.fired_eyes) - set(TRACK.eyes):
        return "an eye space is not on the track"
    if set(campaign.used_eye_cards) - {card.id for card in EYE_CARDS}:
        return "an Eye of Sauron card is unknown"
    return campaign_numbers_problem(campaign.first_seat, campaign.attempts, campaign.chapters_won)


def campaign_after(match: Match) -> Campaign:
    """The campaign once ``match`` (a finished chapter attempt) is over.

    Won: the next chapter (or the campaign is won after chapter 8). Lost: the same chapter
    again, the marker where it is. Corruption at the end of the track: the campaign is lost.
    """
    state = match.state
    if not isinstance(state, AdventureBookState):
        raise ValueError(f"campaign_after needs an adventure-book match, not {match.game_id}")
    if not state.result:
        raise ValueError("the chapter is not over yet: a campaign save is made between chapters")
    before = state.options
    chapter, status, won = state.chapter, "playing", before.chapters_won
    if state.result == "won":
        won = (*won, state.chapter)
        if state.chapter >= LAST_CHAPTER:
            status = "won"
        else:
            chapter = state.chapter + 1
    elif state.result == CORRUPTED:
        status = "lost"
    return Campaign(
        chapter=chapter,
        corruption=state.corruption,
        won_specials=tuple(state.won_specials),
        fired_eyes=tuple(state.fired_eyes),
        used_eye_cards=tuple(state.used_eye_cards),
        first_seat=(state.seat + 1) % len(state.players),
        chapters_won=won,
        # Saturates rather than grows past what a campaign save may hold (never reached).
        attempts=min(before.attempts + 1, MAX_ATTEMPTS),
        status=status,
    )


__all__ = [
    "CAMPAIGN_FORMAT",
    "CAMPAIGN_VERSION",
    "TITLES",
    "Campaign",
    "CampaignSave",
    "campaign_after",
]
