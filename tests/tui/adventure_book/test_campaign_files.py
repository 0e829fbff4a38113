"""Hostile and odd campaign files (issue 27): refused when read, with the reason, like a save.

A campaign file comes from the data folder or from ``ringbearer load FILE``: whatever it
holds, reading it either gives a record that Play and Continue can use as it is, or a
:class:`rb.SaveError` that the Load list shows, never a file written outside the campaigns
folder, nor a traceback at Play.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec
import pytest

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import Campaign
from ringbearer_engine.games.adventure_book.campaign import _checksum as engine_checksum
from ringbearer_tui.games.adventure_book import saves
from ringbearer_tui.games.adventure_book.play import start_attempt
from ringbearer_tui.games.adventure_book.saves import CampaignStore, decode, encode

from . import positions


def content() -> dict[str, Any]:
    built: dict[str, Any] = msgspec.to_builtins(positions.record(positions.PEOPLE))
    return built


def sealed(record: dict[str, Any]) -> bytes:
    """A campaign file holding ``record``, with a checksum that matches it."""
    file = saves.CampaignFile(record=record, checksum=saves._checksum(record))
    return msgspec.msgpack.encode(file)


@pytest.mark.parametrize(
    "ident",
    [
        "../../escaped",
        "/tmp/absolute",
        "b00c" * 7 + "b00\x00",
        "",
        "B00C" * 8,
        "b00c" * 9,
        "b00c" * 8 + "\n",
    ],
)
def test_a_campaign_id_that_is_not_one_the_app_makes_is_refused(ident: str) -> None:
    record = content()
    record["id"] = ident
    with pytest.raises(rb.DamagedSaveError, match="damaged"):
        decode(sealed(record))


def test_a_campaign_never_names_a_file_outside_its_folder(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path / "campaigns")
    record = positions.record(positions.PEOPLE)
    record.id = "../../escaped"
    with pytest.raises(rb.SaveError):
        store.write(record)
    assert list(tmp_path.rglob("*escaped*")) == []


def test_a_campaign_whose_chapter_is_another_game_is_refused() -> None:
    record = content()
    record["match"] = rb.Match.new("mount-doom", ["Ann", "Bo"], seed=1).save()
    with pytest.raises(rb.WrongGameError, match="mount-doom"):
        decode(sealed(record))


def test_a_campaign_whose_chapter_has_other_seats_is_refused() -> None:
    rec = positions.record(positions.PEOPLE)
    chapter = Campaign.new().next_match(["Ann", "Bo", "Cy"], seed=1)
    rec.match = chapter.save()
    with pytest.raises(rb.DamagedSaveError, match="other seats"):
        decode(encode(rec))


@pytest.mark.parametrize(
    ("seats", "reason"),
    [
        ([], "for 1 to 4 players, not 0"),
        ([{"name": f"P{n}"} for n in range(5)], "not 5"),
        ([{"name": "  "}], "needs a name"),
        ([{"name": "Ann\x1b]0;owned\x07"}], "control characters"),
        ([{"name": "x" * 1000}], "at most"),
    ],
    ids=["none", "five", "blank", "escape", "long"],
)
def test_a_campaign_whose_seats_no_chapter_can_start_with_is_refused(
    seats: list[dict[str, str]], reason: str
) -> None:
    record = content()
    record["seats"] = seats
    with pytest.raises(rb.DamagedSaveError, match=reason):
        decode(sealed(record))


def attempt(**numbers: int) -> dict[str, object]:
    fields = {"chapter": 1, "corruption_before": 0, "corruption_after": 0, **numbers}
    return {"result": "won", "summary": "", **fields}


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("seed",), -1),
        (("created",), float("nan")),
        (("history",), [attempt(chapter=2**63)]),
        (("history",), [attempt(corruption_before=-1)]),
        (("history",), [attempt(corruption_after=2**64 - 1)]),
    ],
    ids=["negative-seed", "nan-date", "huge-chapter", "negative-corruption", "huge-corruption"],
)
def test_every_number_in_a_campaign_file_is_bounded_when_read(
    where: tuple[str, ...], value: object
) -> None:
    record = content()
    record[where[0]] = value
    with pytest.raises(rb.DamagedSaveError):
        decode(sealed(record))


def test_a_campaign_whose_attempts_overflow_is_refused_before_it_plays() -> None:
    """The counter once loaded, played, and failed at the chapter's end (OverflowError)."""
    engine_raw = msgspec.msgpack.decode(Campaign.new().to_bytes())
    engine_raw["campaign"]["attempts"] = 2**64 - 1
    engine_raw["checksum"] = engine_checksum(engine_raw["campaign"])
    record = content()
    record["campaign"] = msgspec.msgpack.encode(engine_raw)
    with pytest.raises(rb.DamagedSaveError, match="attempts"):
        decode(sealed(record))


def test_every_good_campaign_file_can_be_played(tmp_path: Path) -> None:
    """What reading lets through, Play takes: the record starts its chapter."""
    store = CampaignStore(tmp_path)
    for seats in (positions.PEOPLE, positions.ANN_AND_BOT, [positions.PEOPLE[0]]):
        rec = positions.record(seats)
        again = store.read(store.write(rec))
        start_attempt(again)


def test_continue_never_offers_a_campaign_it_could_not_play(tmp_path: Path) -> None:
    store = CampaignStore(tmp_path)
    record = content()
    record["match"] = rb.Match.new("mount-doom", ["Ann", "Bo"], seed=1).save()
    (tmp_path / f"{record['id']}{saves.CAMPAIGN_SUFFIX}").write_bytes(sealed(record))
    assert store.latest() is None
    [entry] = store.entries()
    assert entry.problem is not None
    assert "mount-doom" in entry.problem
