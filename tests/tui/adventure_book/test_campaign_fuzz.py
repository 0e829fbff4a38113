"""The campaign file fuzzer: any campaign file goes through the app's own flow safely.

Real campaign files (fresh, with a chapter in play, solo, further on) are damaged: fields of
the record given values of any kind and resealed, ids made paths, seats made impossible,
the chapter in play swapped for another game's save or cut, the engine's campaign save
given numbers out of range, the file's bytes cut and flipped. Each is put in a campaigns
folder and taken through what the app does with it: the listing, Continue, and the
campaign screen's steps (fold in a finished chapter, draw it, go back into the chapter in
play or Play the next one, save). The listing must never raise; a file it lists as good
must go through every step; nothing may be written outside the campaigns folder.
Bounded in the default checks; ``nox -s fuzz`` tries many more.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest
from fuzzing import budget

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import Campaign
from ringbearer_engine.games.adventure_book.campaign import _checksum as engine_checksum
from ringbearer_tui.games.adventure_book import saves
from ringbearer_tui.games.adventure_book.play import (
    ChapterSession,
    available,
    in_play,
    settle_finished,
    start_attempt,
)
from ringbearer_tui.games.adventure_book.saves import CampaignRecord, CampaignStore, encode
from ringbearer_tui.screens.campaign import (
    campaign_summary,
    changes,
    chapter_lines,
)
from ringbearer_tui.seats import Seat

from . import positions

Raw = dict[str, Any]


def base_records() -> list[CampaignRecord]:
    fresh = positions.record(positions.PEOPLE)
    playing = positions.record(positions.ANN_AND_BOT)
    match = start_attempt(playing)
    for _ in range(5):
        match.play(match.actions()[0])
    playing.match = match.save()
    solo = positions.record([Seat("Ann")])
    further = positions.record(
        positions.BOTS, Campaign(chapter=3, chapters_won=(1, 2), attempts=4, corruption=6)
    )
    return [fresh, playing, solo, further]


def any_value(rng: random.Random) -> Any:
    return rng.choice(
        (
            None,
            True,
            0,
            -1,
            7,
            2**63 - 1,
            2**64 - 1,
            -(2**63),
            1.5,
            float("nan"),
            "",
            "  ",
            "x" * 5000,
            "\x1b]0;owned\x07",
            "../../escaped",
            "/tmp/escaped",
            b"",
            b"\x00\xff",
            [],
            [{"name": "Ann"}],
            {},
            {"name": 1},
        )
    )


def places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += places(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += places(item, (*path, index))
    return found


def set_at(raw: Raw, path: tuple[Any, ...], value: Any) -> None:
    parent: Any = raw
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value


def edit_a_field(raw: Raw, rng: random.Random) -> None:
    set_at(raw, rng.choice(places(raw)[1:]), any_value(rng))


def make_the_id_a_path(raw: Raw, rng: random.Random) -> None:
    raw["id"] = rng.choice(("../../escaped", "/tmp/escaped", "a\x00b", "..", "B00C" * 8, "x"))


def impossible_seats(raw: Raw, rng: random.Random) -> None:
    raw["seats"] = rng.choice(
        (
            [],
            [{"name": f"P{n}"} for n in range(5)],
            [{"name": ""}],
            [{"name": "Ann\x1b[2J"}],
            [{"name": "x" * 200}],
            [{"name": "Ann", "kind": "ghost"}],
            [{"name": "Ann", "kind": "bot", "bot": "nobody"}],
        )
    )


def another_chapter(raw: Raw, rng: random.Random) -> None:
    choices: tuple[Callable[[], bytes], ...] = (
        lambda: rb.Match.new("mount-doom", ["Ann", "Bo"], seed=1).save(),
        lambda: Campaign.new().next_match(["A", "B", "C"], seed=1).save(),
        lambda: Campaign.new().next_match(["A"], 1).save()[:100],
        lambda: b"not a save",
    )
    raw["match"] = rng.choice(choices)()


def engine_numbers(raw: Raw, rng: random.Random) -> None:
    held = raw.get("campaign")
    engine = msgspec.msgpack.decode(held if isinstance(held, bytes) else Campaign().to_bytes())
    field = rng.choice(("attempts", "first_seat", "chapters_won", "chapter", "corruption"))
    engine["campaign"][field] = rng.choice((2**64 - 1, 2**63 - 1, -1, [2**64 - 1], [1, 1], 9))
    engine["checksum"] = engine_checksum(engine["campaign"])
    raw["campaign"] = msgspec.msgpack.encode(engine)


RECORD_EDITS: tuple[Callable[[Raw, random.Random], None], ...] = (
    edit_a_field,
    make_the_id_a_path,
    impossible_seats,
    another_chapter,
    engine_numbers,
)


def damaged(record: CampaignRecord, rng: random.Random) -> bytes:
    if rng.random() < 0.2:
        data = bytearray(encode(record))
        if rng.random() < 0.5:
            return bytes(data[: rng.randrange(len(data))])
        for _ in range(rng.choice((1, 4))):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        return bytes(data)
    raw: Raw = msgspec.to_builtins(record)
    for _ in range(rng.choice((1, 1, 2))):
        rng.choice(RECORD_EDITS)(raw, rng)
    try:
        file = saves.CampaignFile(record=raw, checksum=saves._checksum(raw))
        return msgspec.msgpack.encode(file)
    except (OverflowError, TypeError):  # an edit MessagePack cannot hold: never on disk
        return encode(record)


def through_the_app(store: CampaignStore) -> None:
    """What the app does with the campaigns folder: list, Continue, the campaign screen."""
    store.tidy()
    store.latest()
    for entry in store.entries():
        if entry.damaged:
            continue
        record = store.load(entry)
        settled = settle_finished(record)
        if settled is not None:
            changes(settled)
            store.write(record)
        campaign = record.state
        chapter_lines(record, campaign)
        if campaign.finished:
            campaign_summary(record, campaign)
            continue
        match = in_play(record)
        if match is None and available(campaign.chapter):
            match = start_attempt(record)
        if match is not None:
            session = ChapterSession(match, store, record)
            session.autosave()
            if match.outcome is None:
                session.play(match.actions()[-1])
                session.autosave()


@pytest.mark.fuzz
def test_any_campaign_file_is_listed_with_a_reason_or_plays(tmp_path: Path) -> None:
    rng = random.Random("campaign-fuzz")
    bases = base_records()
    for case in range(budget(bounded=40, long=3_000)):
        root = tmp_path / str(case)
        folder = root / "data" / "campaigns"
        folder.mkdir(parents=True)
        (folder / f"{uuid.uuid4().hex}{saves.CAMPAIGN_SUFFIX}").write_bytes(
            damaged(bases[case % len(bases)], rng)
        )
        through_the_app(CampaignStore(folder))
        outside = [p for p in root.rglob("*") if p.is_file() and not p.is_relative_to(folder)]
        assert outside == [], f"case {case}"
    assert not list(Path("/tmp").glob("escaped*"))
