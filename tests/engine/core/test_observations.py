"""Observations and information states (issue 45): what a seat knows, and only that.

A seat's observation and information state must not change under any re-deal of what it cannot
know (``determinize``), and must change when what it knows changes. Layouts keep one size
through a whole match, and their named segments cover the tensor exactly.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

import ringbearer_engine as rb
from ringbearer_engine import Chance, GameState
from ringbearer_engine.bots import RandomBot
from ringbearer_engine.information import InformationStates, information_layout
from ringbearer_engine.observation import Layout, get_observer

SEEDS = st_.integers(0, 2**32 - 1)
CHAPTERS = range(1, 9)


def options_for(game_id: str, chapter: int) -> dict[str, Any]:
    return {"chapter": chapter} if game_id == "adventure-book" else {}


def seat_range(game_id: str) -> tuple[int, int]:
    info = rb.game_info(game_id)
    return info.min_players, info.max_players


@st_.composite
def configurations(draw: st_.DrawFn) -> tuple[str, int, int, int]:
    game_id = draw(st_.sampled_from(("mount-doom", "adventure-game", "adventure-book")))
    low, high = seat_range(game_id)
    chapter = draw(st_.sampled_from(CHAPTERS)) if game_id == "adventure-book" else 1
    return game_id, draw(st_.integers(low, high)), chapter, draw(SEEDS)


def check_layout(layout: Layout) -> None:
    at = 0
    for segment in layout.segments:
        assert segment.start == at, f"{segment.name} does not follow the segment before it"
        assert segment.size > 0
        at = segment.stop
    assert at == layout.size
    assert len({s.name for s in layout.segments}) == len(layout.segments)


@settings(max_examples=24, deadline=None)
@given(configurations())
def test_a_redeal_never_changes_a_seats_observation_or_information_state(
    configuration: tuple[str, int, int, int],
) -> None:
    game_id, players, chapter, seed = configuration
    match = rb.Match.new(
        game_id, [f"P{n}" for n in range(players)], seed, options_for(game_id, chapter)
    )
    game, observer = match.game, get_observer(game_id)
    layout = match.observation_layout()
    check_layout(layout)
    bot = game.bots().get("heuristic", RandomBot)(seed)
    states = InformationStates(game, match.state)

    def redeal(state: GameState, seat: int, step: int) -> GameState:
        redealt: GameState = game.determinize(state, seat, Chance.seeded(seed + step))
        return redealt

    shadows = [InformationStates(game, redeal(match.state, n, -1)) for n in range(players)]
    for step in range(120):
        state = match.state
        for seat in range(players):
            redealt = redeal(state, seat, step)
            seen = observer.tensor(state, seat)
            assert len(seen) == layout.size
            assert observer.tensor(redealt, seat) == seen
            assert observer.string(redealt, seat) == observer.string(state, seat)
            assert shadows[seat].string(redealt, seat) == states.string(state, seat)
            assert shadows[seat].tensor(redealt, seat) == states.tensor(state, seat)
        if match.outcome is not None:
            break
        action = bot.choose(game, state)
        states.record(state, action)
        for seat, shadow in enumerate(shadows):
            shadow.record(redeal(state, seat, step), action)
        match.play(action)
    info_layout = states.layout(match.state)
    check_layout(info_layout)
    assert len(states.tensor(match.state, 0)) == info_layout.size


def test_every_chapter_and_seat_count_keeps_one_layout_through_random_play() -> None:
    for game_id in ("mount-doom", "adventure-game", "adventure-book"):
        low, high = seat_range(game_id)
        for chapter in CHAPTERS if game_id == "adventure-book" else (1,):
            sizes: set[int] = set()
            for players in range(low, high + 1):
                match = rb.Match.new(
                    game_id,
                    [f"P{n}" for n in range(players)],
                    chapter,
                    options_for(game_id, chapter),
                )
                bot = RandomBot(players)
                for _ in range(300):
                    sizes.update(len(match.observation_tensor(n)) for n in range(players))
                    if match.outcome is not None:
                        break
                    match.play(bot.choose(match.game, match.state))
            assert sizes == {match.observation_layout().size}, (game_id, chapter)


def swap_own_card(state: Any, seat: int, pile: list[str], token: Any) -> bool:
    """Swap a card of ``seat``'s hand for one of ``pile`` that reads differently."""
    hand = state.hands[seat]
    for n, mine in enumerate(hand):
        for k, other in enumerate(pile):
            if token(other) != token(mine):
                hand[n], pile[k] = other, mine
                return True
    return False


@pytest.mark.parametrize(
    ("game_id", "chapter"), [("adventure-game", 1), ("adventure-book", 1), ("adventure-book", 6)]
)
def test_a_different_card_in_hand_changes_that_seats_observation_and_nobody_elses(
    game_id: str, chapter: int
) -> None:
    match = rb.Match.new(game_id, ["A", "B", "C"], 5, options_for(game_id, chapter))
    game, observer = match.game, get_observer(game_id)
    state = match.state
    changed = game.clone(state)
    pile = changed.draw_pile if game_id == "adventure-game" else changed.story_deck
    token = (lambda card: card) if game_id == "adventure-game" else (lambda c: c.split("-")[0])
    assert swap_own_card(changed, 1, pile, token)
    assert observer.tensor(changed, 1) != observer.tensor(state, 1)
    assert observer.string(changed, 1) != observer.string(state, 1)
    for seat in (0, 2):
        assert observer.tensor(changed, seat) == observer.tensor(state, seat)
    before, after = InformationStates(game, state), InformationStates(game, changed)
    assert after.string(changed, 1) != before.string(state, 1)
    assert after.tensor(changed, 1) != before.tensor(state, 1)


def test_a_card_a_seat_saw_go_into_another_hand_shows_in_its_observation_only() -> None:
    match = rb.Match.new("adventure-book", ["A", "B", "C"], 9, {"chapter": 2})
    observer = get_observer("adventure-book")
    state = match.state
    known = match.game.clone(state)
    known.known["0>1"] = [known.hands[1][0]]
    layout = match.observation_layout()
    assert observer.tensor(known, 0) != observer.tensor(state, 0)
    assert sum(observer.tensor(known, 0)[layout.slice("known")]) == 1.0
    for seat in (1, 2):
        assert observer.tensor(known, seat) == observer.tensor(state, seat)


def test_the_card_handed_over_in_a_trade_shows_only_to_the_two_seats_in_it() -> None:
    from ringbearer_engine.games.adventure_book.actions import Answer, Trade
    from ringbearer_engine.games.adventure_book.state import AdventureBookState

    game = rb.get_game("adventure-book")
    observer = get_observer("adventure-book")
    seen_trades = 0
    for seed in range(8):
        match = rb.Match.new("adventure-book", ["A", "B", "C"], seed, {"chapter": 1})
        bot = game.bots()["heuristic"](seed)
        while match.outcome is not None or seen_trades < 3:
            if match.outcome is not None:
                break
            state = match.state
            assert isinstance(state, AdventureBookState)
            action = bot.choose(game, state)
            if isinstance(action, Trade | Answer):
                seen_trades += 1
                actor = game.to_move(state)
                partner = action.seat if isinstance(action, Trade) else state.pending[0].partner
                for seat in range(3):
                    shown = observer.action_seen(state, action, seat)
                    assert (shown == str(action)) == (seat in (actor, partner)), (seat, shown)
            match.play(action)
    assert seen_trades >= 3


def test_a_different_history_gives_every_seat_a_different_information_state() -> None:
    first = rb.Match.new("mount-doom", ["A", "B"], 4)
    second = first.clone()
    actions = first.actions()
    first.play(actions[0])
    second.play(actions[-1])
    for seat in (0, 1):
        assert first.information_state_string(seat) != second.information_state_string(seat)


def test_the_match_gives_the_information_state_a_loop_keeps() -> None:
    match = rb.Match.new("adventure-game", ["A", "B"], 12)
    states = InformationStates(match.game, match.state)
    bot = RandomBot(3)
    for _ in range(40):
        action = bot.choose(match.game, match.state)
        states.record(match.state, action)
        match.play(action)
    for seat in (0, 1):
        assert match.information_state_string(seat) == states.string(match.state, seat)
        assert match.information_state_tensor(seat) == states.tensor(match.state, seat)
        assert match.observation_tensor(seat) == get_observer(match.game_id).tensor(
            match.state, seat
        )
    assert match.information_state_layout() == information_layout(match.observation_layout())
    assert match.observation_shape == (match.observation_layout().size,)
    assert "40 steps" in match.information_state_string(0)


def test_a_seat_that_is_not_at_the_table_is_refused() -> None:
    match = rb.Match.new("mount-doom", ["A", "B"], 1)
    for seat in (2, -1, True):
        with pytest.raises(ValueError, match="no seat"):
            match.observation_tensor(seat)
        with pytest.raises(ValueError, match="no seat"):
            match.information_state_string(seat)


def test_a_reseeded_clone_cannot_rebuild_its_information_state() -> None:
    match = rb.Match.new("mount-doom", ["A"], 1)
    match.play(match.actions()[0])
    with pytest.raises(rb.ReseededMatchError):
        match.clone(seed=2).information_state_string(0)


def test_a_game_without_an_observer_says_so() -> None:
    # The tests' own game, Pig, registers no observer.
    with pytest.raises(rb.UnknownGameError, match="'pig' has no observation encoding"):
        get_observer("pig")


def test_hand_counts_in_the_book_read_story_cards_by_kind() -> None:
    from ringbearer_engine.games.adventure_book.observe import TOKENS
    from ringbearer_engine.games.adventure_book.state import AdventureBookState

    match = rb.Match.new("adventure-book", ["A", "B"], 3, {"chapter": 1})
    state = match.state
    assert isinstance(state, AdventureBookState)
    layout = match.observation_layout()
    hand = match.observation_tensor(0)[layout.slice("hand")]
    assert sum(hand) == len(state.hands[0])
    kinds = Counter(card.rsplit("-", 1)[0] for card in state.hands[0])

    assert {TOKENS[n]: int(v) for n, v in enumerate(hand) if v} == dict(kinds)


def decoded_places(segment: Any, block: int, count: int, places: int) -> list[int]:
    """The one-hot place in each of ``count`` blocks of ``block`` floats (-1: none set)."""
    found = []
    for n in range(count):
        part = list(segment[n * block : n * block + places])
        found.append(part.index(1.0) if 1.0 in part else -1)
    return found


@pytest.mark.parametrize(
    ("game_id", "players", "chapter"),
    [("mount-doom", 3, 1), ("adventure-game", 4, 1), ("adventure-book", 2, 3)],
)
def test_the_tensor_reads_back_as_the_state_it_encodes(
    game_id: str, players: int, chapter: int
) -> None:
    match = rb.Match.new(
        game_id, [f"P{n}" for n in range(players)], 21, options_for(game_id, chapter)
    )
    game, observer = match.game, get_observer(game_id)
    layout = match.observation_layout()
    bot = RandomBot(21)
    for _ in range(200):
        state: Any = match.state
        seat = 1
        tensor = observer.tensor(state, seat)

        def part(name: str, tensor: Any = tensor) -> Any:
            return tensor[layout.slice(name)]

        if game_id == "mount-doom":
            from ringbearer_engine.games.mount_doom.observe import PLACES

            places = decoded_places(part("figures"), PLACES, 5, PLACES)
            assert places == [PLACES - 1 if p == 1000 else p for p in state.pos]
            row = part("row")
            assert [row[n * (row_size := len(row) // 6)] for n in range(6)] == [
                float(bool(card)) for card in state.row
            ]
            assert row_size > 2
            assert sum(part("box")) == len(state.box)
            assert sum(part("held")) == len(state.held)
        elif game_id == "adventure-game":
            from ringbearer_engine.games.adventure_game.observe import SEAT_SIZE, SPACES

            places = decoded_places(part("seats")[1:], SEAT_SIZE, players, SPACES)
            assert places == [state.pawns[(seat + k) % players] for k in range(players)]
            assert sum(part("hand")) == len(state.hands[seat])
            assert sum(part("discards")) == len(state.discards)
            assert sum(part("nazgul")) == len(state.nazgul)
        else:
            assert sum(part("hand")) == len(state.hands[seat])
            assert sum(part("story_discard")) == len(state.story_discard)
            from ringbearer_engine.games.adventure_book.chapters import page

            spaces = [space.id for space in page(chapter).chapter.spaces]
            ids = [piece.id for piece in page(chapter).chapter.pieces]
            block = len(spaces) + 3  # each space, off the board, elsewhere; lying down
            places = decoded_places(part("pieces"), block, len(ids), len(spaces) + 2)
            expected = [state.pieces.get(piece, "") for piece in ids]
            assert [spaces[n] if n < len(spaces) else "" for n in places] == expected
            counters = [counter.id for counter in page(chapter).chapter.counters]
            block = len(spaces) + 4
            places = decoded_places(part("counters"), block, len(counters), len(spaces) + 2)
            expected = [state.counters.get(counter, "") for counter in counters]
            assert [spaces[n] if n < len(spaces) else "" for n in places] == expected
        if match.outcome is not None:
            break
        match.play(bot.choose(game, state))


def test_the_witch_kings_nine_dice_all_fit_in_the_rolled_segment() -> None:
    # Found by the re-deal property: the Witch-king rolls one black die per Nazgûl at Minas
    # Morgul, up to nine, more than any other roll.
    match = rb.Match.new("mount-doom", ["A"], 2)
    state: Any = match.state
    state.nazgul = 9
    state.rolled = [1, 2, 3, 4, 5, 6, 1, 2, 3]
    state.rolled_dice = ["black"] * 9
    layout = match.observation_layout()
    rolled = match.observation_tensor(0)[layout.slice("rolled")]
    dice = len(rolled) // 9
    assert [rolled[n * dice] for n in range(9)] == [1.0] * 9  # black is the first die kind
    assert [rolled[n * dice + dice - 1] for n in range(9)] == [1, 2, 3, 4, 5, 6, 1, 2, 3]
