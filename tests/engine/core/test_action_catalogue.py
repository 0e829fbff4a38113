"""Action catalogues: every action a game offers has an id that means it in every state."""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from testgames.pig import Choose, Hold, PigGame, Reveal, Roll

import ringbearer_engine as rb
from ringbearer_engine import Match
from ringbearer_engine.catalogue import ActionCatalogue
from ringbearer_engine.games.adventure_book.catalogue import WHOLE_DECK, ways_to_pay
from ringbearer_engine.games.adventure_book.chapters import pages
from ringbearer_engine.games.adventure_book.rules.payments import payments
from ringbearer_engine.games.adventure_game.content import CARD_TYPES, HAND_SIZE
from ringbearer_engine.games.adventure_game.rules.legal import town_swaps

GAMES = ["mount-doom", "adventure-game", "adventure-book"]

NUMBERINGS = {
    # game: (version, size, digest). A change of the numbering must bump its version: ids an
    # agent learnt are read against the numbering it learnt them in.
    "mount-doom": (1, 162, "68a4a3f27e22c8544d4c22d1901266042b1f5e09a1c0d2f3e091c3a6a8573db4"),
    "adventure-game": (
        1,
        4871,
        "5d646d4c89ed2e7ad2279d6d1eb329f9bb3a6b467e7e69b772d64fdc56de088a",
    ),
    "adventure-book": (
        1,
        10676,
        "6d094561ccc8f4fc54001ad207a9f501f1a86afa0bca75a447dba5c565b7e5cd",
    ),
}

WON_SPECIALS = ("shadowfax", "phial-of-galadriel", "rivendell-rest", "arwens-love", "anduril")

# (game, seats, options): every seat count, Mount Doom's variants, every Book chapter.
SETTINGS: list[tuple[str, int, dict[str, Any] | None]] = [
    *(("mount-doom", seats, None) for seats in (1, 2, 3, 4)),
    ("mount-doom", 2, {"without_protection": True}),
    ("mount-doom", 3, {"friends_in_need": True}),
    *(("adventure-game", seats, None) for seats in (2, 3, 4)),
    *(("adventure-book", chapter % 4 + 1, {"chapter": chapter}) for chapter in range(1, 9)),
    ("adventure-book", 1, {"chapter": 8, "corruption": 6}),
    # Special cards won earlier in a campaign are shuffled into the Story deck.
    ("adventure-book", 3, {"chapter": 6, "won_specials": WON_SPECIALS}),
]


def catalogue(game_id: str) -> ActionCatalogue:
    return rb.get_game(game_id).numbered_actions()


def random_positions(
    game_id: str, seats: int, options: dict[str, Any] | None, games: int
) -> list[Match]:
    """Each match at every step of a few random games (played with ids, as an agent would)."""
    seen = []
    for seed in range(games):
        match = Match.new(game_id, [f"P{n}" for n in range(seats)], seed=seed, options=options)
        pick = random.Random(seed)
        while match.outcome is None:
            seen.append(match.clone())
            match.play_id(pick.choice(match.legal_ids()))
    return seen


@pytest.mark.parametrize(("game_id", "seats", "options"), SETTINGS)
def test_every_legal_action_in_random_play_has_an_id_that_decodes_back_to_it(
    game_id: str, seats: int, options: dict[str, Any] | None
) -> None:
    numbering = catalogue(game_id)
    for match in random_positions(game_id, seats, options, games=4):
        legal = match.actions()
        ids = match.legal_ids()
        assert len(ids) == len(legal)
        for action, action_id in zip(legal, ids, strict=True):
            assert 0 <= action_id < numbering.num_distinct_actions
            assert numbering.encode(action) == action_id
            assert numbering.decode(action_id) == action


@pytest.mark.parametrize(("game_id", "seats", "options"), SETTINGS[::3])
def test_the_legal_mask_marks_exactly_the_legal_actions(
    game_id: str, seats: int, options: dict[str, Any] | None
) -> None:
    numbering = catalogue(game_id)
    for match in random_positions(game_id, seats, options, games=2):
        mask = match.legal_mask()
        assert len(mask) == numbering.num_distinct_actions
        marked = {n for n, bit in enumerate(mask) if bit}
        assert marked == set(match.legal_ids())
        assert {numbering.decode(n) for n in marked} == set(match.actions())
        assert set(mask) <= {0, 1}
        assert numbering.mask(match.legal_ids()) == mask


@pytest.mark.parametrize("game_id", GAMES)
def test_an_action_has_one_id_in_every_state(game_id: str) -> None:
    seats = rb.game_info(game_id).default_players
    ids_seen: dict[rb.Action, set[int]] = {}
    offered: Counter[rb.Action] = Counter()
    for match in random_positions(game_id, seats, None, games=3):
        for action, action_id in zip(match.actions(), match.legal_ids(), strict=True):
            ids_seen.setdefault(action, set()).add(action_id)
            offered[action] += 1
    assert all(len(ids) == 1 for ids in ids_seen.values())
    assert offered.most_common(1)[0][1] > 10  # one action, offered in many states


@pytest.mark.parametrize("game_id", GAMES)
def test_the_numbering_is_pinned_to_its_version(game_id: str) -> None:
    numbering = catalogue(game_id)
    version, size, digest = NUMBERINGS[game_id]
    assert (numbering.version, numbering.num_distinct_actions, numbering.digest) == (
        version,
        size,
        digest,
    )
    assert len(set(numbering.actions)) == size


@pytest.mark.parametrize("game_id", GAMES)
def test_every_id_decodes_to_an_action_that_encodes_back_to_it(game_id: str) -> None:
    numbering = catalogue(game_id)
    for action_id, action in enumerate(numbering.actions):
        assert numbering.decode(action_id) is action
        assert numbering.encode(action) == action_id
        assert numbering.encode(rb.get_game(game_id).parse_action(str(action))) == action_id


@pytest.mark.parametrize("game_id", GAMES)
def test_game_info_gives_the_size_and_version_of_the_numbering(game_id: str) -> None:
    info = rb.game_info(game_id)
    numbering = catalogue(game_id)
    assert info.num_distinct_actions == numbering.num_distinct_actions
    assert info.action_catalogue_version == numbering.version


def test_a_game_without_a_catalogue_says_so() -> None:
    info = rb.game_info("pig")
    assert (info.num_distinct_actions, info.action_catalogue_version) == (None, None)
    match = Match.new("pig", ["Ann", "Bo"], seed=1)
    with pytest.raises(rb.NoCatalogueError, match="no action catalogue"):
        match.legal_ids()
    with pytest.raises(rb.NoCatalogueError):
        match.play_id(0)


@pytest.mark.parametrize("bad", [-1, 162, 10**9, True, 1.0, "3", None])
def test_a_number_that_is_no_id_is_refused_and_the_match_is_unchanged(bad: Any) -> None:
    match = Match.new("mount-doom", ["Ann", "Bo"], seed=3)
    match.play_id(match.legal_ids()[0])
    before, log = match.snapshot(), match.log
    with pytest.raises(rb.ActionIdError) as refused:
        match.play_id(bad)
    assert isinstance(refused.value, rb.IllegalActionError)
    assert "action id" in refused.value.reason
    assert (match.snapshot(), match.log) == (before, log)


class Index:
    """A whole number that is not an ``int``, as ``numpy.int64`` is."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


@pytest.mark.parametrize("bad", [True, 1.0, "1", None, -1, 162])
def test_a_number_that_is_no_id_is_refused_even_when_the_legal_ids_are_known(bad: Any) -> None:
    # Ids already worked out for the state are checked by membership alone; True and 1.0
    # equal the id 1, yet are no ids.
    match = Match.new("mount-doom", ["Ann", "Bo"], seed=3)
    match.legal_ids()
    match._current_ids().append(1)  # 1 legal now, whatever the deal
    match._legal_now.append(match.game.numbered_actions().decode(1))  # type: ignore[union-attr]
    before, log = match.snapshot(), match.log
    with pytest.raises(rb.ActionIdError, match="action id"):
        match.play_id(bad)
    assert (match.snapshot(), match.log) == (before, log)


@pytest.mark.parametrize("known", [False, True])
def test_an_id_given_as_any_whole_number_is_played(known: bool) -> None:
    match = Match.new("adventure-game", ["Ann", "Bo"], seed=3)
    twin = match.clone()
    legal = match.legal_ids() if known else match.game.legal_ids(match.game.clone(match.state))
    match.play_id(Index(legal[-1]))
    twin.play_id(legal[-1])
    assert (match.snapshot(), match.log) == (twin.snapshot(), twin.log)


def test_advance_id_plays_and_logs_as_play_id_does_without_events() -> None:
    played = Match.new("adventure-book", ["Ann", "Bo"], seed=5)
    advanced = played.clone()
    pick = random.Random(5)
    for _ in range(40):
        if played.outcome is not None:
            break
        action_id = pick.choice(played.legal_ids())
        assert isinstance(played.play_id(action_id), list)
        advanced.advance_id(action_id)
        assert (advanced.snapshot(), advanced.log) == (played.snapshot(), played.log)
    assert advanced.can_undo == played.can_undo


def test_an_illegal_id_after_the_legal_ids_are_known_is_refused_with_the_reason() -> None:
    match = Match.new("adventure-game", ["Ann", "Bo"], seed=3)
    legal = match.legal_ids()
    illegal = next(n for n in range(4871) if n not in legal)
    before, log = match.snapshot(), match.log
    for play in (match.play_id, match.advance_id):
        with pytest.raises(rb.IllegalActionError) as refused:
            play(illegal)
        assert refused.value.reason
        assert (match.snapshot(), match.log) == (before, log)


def test_the_legal_ids_are_worked_out_again_once_the_state_is_handed_out() -> None:
    # Tests and tools arrange positions by changing match.state: ids kept from before must
    # not let an action through that is no longer legal.
    match = Match.new("adventure-game", ["Ann", "Bo"], seed=3)
    later = match.clone()
    first = match.legal_ids()
    while set(later.legal_ids()) >= set(first):
        later.play_id(later.legal_ids()[0])
    state = match.state
    for field in msgspec.structs.fields(state):
        setattr(state, field.name, getattr(later.state, field.name))
    assert match.legal_ids() == later.legal_ids()
    gone = next(n for n in first if n not in later.legal_ids())
    with pytest.raises(rb.IllegalActionError):
        match.play_id(gone)


def test_an_id_whose_action_is_not_legal_now_is_refused_and_the_match_is_unchanged() -> None:
    match = Match.new("adventure-game", ["Ann", "Bo"], seed=3)
    numbering = match.game.numbered_actions()
    illegal = next(n for n in range(numbering.num_distinct_actions) if n not in match.legal_ids())
    before, log = match.snapshot(), match.log
    with pytest.raises(rb.IllegalActionError):
        match.play_id(illegal)
    assert (match.snapshot(), match.log) == (before, log)


def test_an_action_the_game_never_offers_has_no_id() -> None:
    numbering = catalogue("adventure-game")
    never = rb.get_game("adventure-game").parse_action(
        "town-swap gollum,gollum,gollum,gollum,gollum,gollum"
    )
    with pytest.raises(rb.ActionIdError, match="does not list it"):
        numbering.encode(never)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32), st.integers(1, 4))
def test_playing_by_ids_is_playing_the_actions(game_id: str, seed: int, seats: int) -> None:
    info = rb.game_info(game_id)
    seats = max(info.min_players, min(seats, info.max_players))
    players = [f"P{n}" for n in range(seats)]
    by_ids = Match.new(game_id, players, seed=seed)
    by_actions = Match.new(game_id, players, seed=seed)
    pick = random.Random(seed)
    for _ in range(60):
        if by_ids.outcome is not None:
            break
        n = pick.randrange(len(by_ids.legal_ids()))
        by_ids.play_id(by_ids.legal_ids()[n])
        by_actions.play(by_actions.actions()[n])
    assert by_ids.log == by_actions.log
    assert Match.load(by_ids.save()).snapshot() == by_actions.snapshot()


# -- the bounds: every compound choice any hand can make is listed --------------------------

deck = [card.id for card in CARD_TYPES for _ in range(card.count)]


@settings(max_examples=200, deadline=None)
@given(st.permutations(deck))
def test_every_town_swap_of_any_hand_of_the_adventure_game_is_listed(order: list[str]) -> None:
    numbering = catalogue("adventure-game")
    hand = order[:HAND_SIZE]
    assert all(swap in numbering for swap in town_swaps(hand))


@pytest.mark.parametrize("seats", [2, 4])
def test_an_adventure_game_hand_never_holds_more_than_five_cards(seats: int) -> None:
    for match in random_positions("adventure-game", seats, None, games=3):
        assert max(map(len, match.state.hands)) <= HAND_SIZE  # type: ignore[attr-defined]


book_costs = sorted(
    {challenge.cost for page in pages().values() for challenge in page.chapter.challenges}
    | {deed.cost for page in pages().values() for deed in page.chapter.deeds}
    | {space.cost for page in pages().values() for space in page.chapter.spaces if space.cost}
)


@settings(max_examples=150, deadline=None)
@given(st.permutations(WHOLE_DECK), st.integers(1, 10), st.sampled_from(book_costs))
def test_every_way_any_book_hand_pays_a_cost_is_among_the_listed_ways(
    order: list[str], size: int, cost: tuple[str, ...]
) -> None:
    hand = tuple(sorted(order[:size]))
    assert payments(cost, hand) <= set(ways_to_pay(cost))


class WholeNumber:
    """Stands for ``numpy.int64``, which is no ``int`` but says which whole number it is."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_an_id_of_another_whole_number_type_is_read_as_its_value() -> None:
    by_index = Match.new("mount-doom", ["Ann"], seed=5)
    by_int = Match.new("mount-doom", ["Ann"], seed=5)
    first = by_int.legal_ids()[-1]
    by_index.play_id(WholeNumber(first))
    by_int.play_id(first)
    assert by_index.log == by_int.log
    with pytest.raises(rb.ActionIdError, match="run from 0 to 161"):
        by_index.play_id(WholeNumber(-1))


def test_adventure_game_players_may_swap_cards_forever_so_it_has_no_maximum_length() -> None:
    match = Match.new("adventure-game", ["Ann", "Bo"], seed=2)
    start = match.state
    where = (list(start.pawns), list(start.rings))  # type: ignore[attr-defined]
    for _ in range(2_000):
        swaps = [a for a in match.actions() if a.__struct_config__.tag == "swap"]
        match.play(swaps[0])
    assert match.outcome is None
    assert rb.game_info("adventure-game").num_distinct_actions is not None
    now = match.state
    assert (list(now.pawns), list(now.rings)) == where  # type: ignore[attr-defined]


ADAPTERS_HEADING = "## Adapters: PettingZoo, Gymnasium and OpenSpiel"


def test_the_research_page_examples_run() -> None:
    page = Path(__file__).parents[3] / "docs" / "research.md"
    # The adapters' examples need their frameworks: tests/integrations runs those.
    engine_part = page.read_text().split(ADAPTERS_HEADING)[0]
    for code in re.findall(r"```python\n(.*?)```", engine_part, flags=re.DOTALL):
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(code, str(page), "exec"), {})


class NumberedPig(PigGame):
    """Pig as another package might number it: the core names no game."""

    id = "numbered-pig"
    numbering = ActionCatalogue(
        "numbered-pig", 3, [Roll(), Hold(), Reveal(), Choose("bank"), Choose("push")]
    )

    def action_catalogue(self) -> ActionCatalogue:
        return self.numbering


def test_a_game_of_another_package_numbers_its_actions_through_the_same_api() -> None:
    rb.register(NumberedPig())
    try:
        info = rb.game_info("numbered-pig")
        assert (info.num_distinct_actions, info.action_catalogue_version) == (5, 3)
        match = Match.new("numbered-pig", ["Ann", "Bo"], seed=4)
        assert match.legal_ids() == [0, 1, 2]
        assert match.legal_mask() == bytearray([1, 1, 1, 0, 0])
        match.play_id(1)  # hold
        assert match.log[-1] == "hold"
    finally:
        rb.unregister("numbered-pig")
