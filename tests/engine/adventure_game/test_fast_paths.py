"""The legal-action lists and the draw, as the rules compute them (per-hand flags, precomputed
plays, insertion into the hand), equal their plain definitions written out card by card, on
random positions of every kind and on positions from random play."""

from __future__ import annotations

from itertools import product

import pytest
from adventure_game.table import GAME
from fuzzing import budget

from ringbearer_engine import Action, Chance, NoOptions
from ringbearer_engine.games.adventure_game.actions import (
    BOROMIR,
    CLIMB,
    DEFEAT_NAZGUL,
    DEFEAT_ORCS,
    ESCAPE,
    FIGHT,
    GOLLUM,
    LIFT,
    MOVE,
    NEW_HAND,
    PASS,
    PLACE,
    PUSH,
    RING,
    STEP,
    SWAP,
    THROUGH,
    TownSwap,
)
from ringbearer_engine.games.adventure_game.board import (
    BACKWARD,
    CLEAR,
    COUNT,
    FIXED_MONSTER,
    FORWARD,
    GOLLUM_SPACES,
    MOUNTAIN,
    ORCS,
    WALKS,
)
from ringbearer_engine.games.adventure_game.content import CARD_RANK
from ringbearer_engine.games.adventure_game.rules.deck import draw
from ringbearer_engine.games.adventure_game.rules.legal import (
    CARD_ORDER,
    legal_actions,
    ring_can_be_taken,
    town_swaps,
)
from ringbearer_engine.games.adventure_game.rules.setup import FULL_DECK
from ringbearer_engine.games.adventure_game.state import (
    PENDING_NONE,
    PENDING_PLACE_NAZGUL,
    AdventureState,
)


def plain_legal_actions(state: AdventureState) -> list[Action]:
    """The legal actions by their definition: each held card in card order, then the rest."""
    if state.ended:
        return []
    if state.pending == PENDING_PLACE_NAZGUL:
        return [PLACE[s] for s in range(COUNT) if CLEAR[s] and s not in state.nazgul]
    if state.pending:
        return list(plain_town_swaps(state.hands[state.pending_seat]))
    seat = state.current
    here = state.pawns[seat]
    kinds = [card for card in CARD_ORDER if card in state.hands[seat]]
    swaps: list[Action] = [SWAP[card] for card in kinds]
    out: list[Action] = []
    if FIXED_MONSTER[here] or here in state.nazgul:
        rings = state.rings[seat]
        can_leave = rings >= 1 or here not in GOLLUM_SPACES
        for card in kinds:
            if card == "escape" and can_leave and not state.bonus:
                out.append(ESCAPE)
            elif card == "defeat-orcs" and here in ORCS:
                out.append(DEFEAT_ORCS)
            elif card == "defeat-nazgul" and here in state.nazgul:
                out.append(DEFEAT_NAZGUL)
            elif card in ("move-nazgul", "move-opponent", "gollum", "boromir", "new-hand"):
                out.extend(plays_without_moving(state, seat, card))
        if can_leave:
            out.append(FIGHT)
        if not state.bonus and rings >= (2 if here in GOLLUM_SPACES else 1):
            out.append(RING)
        return out or swaps or [PASS]
    if MOUNTAIN[here] and state.mountain[seat] > 0:
        out.append(CLIMB)
        for card in kinds:
            if card == "through-mountains":
                out.extend(THROUGH[to] for to in FORWARD[here])
            elif card in ("move-nazgul", "move-opponent", "gollum", "boromir", "new-hand"):
                out.extend(plays_without_moving(state, seat, card))
        return out + swaps
    out.extend(STEP[to] for to in FORWARD[here])
    for card in kinds:
        if card in ("move-2", "move-3"):
            steps = 2 if card == "move-2" else 3
            for end, passed in WALKS[steps][here]:
                if not any(space in state.nazgul for space in passed):
                    out.append(MOVE[steps][end])
        elif card == "through-mountains":
            out.extend(THROUGH[to] for to in FORWARD[here] if MOUNTAIN[here] or MOUNTAIN[to])
        elif card in ("move-nazgul", "move-opponent", "gollum", "boromir", "new-hand"):
            out.extend(plays_without_moving(state, seat, card))
    return out + swaps


def plain_town_swaps(hand: list[str]) -> list[TownSwap]:
    """Every distinct set of cards the hand could give up, by how many of each kind, in card
    order; the fewer cards first."""
    counts = [(card, hand.count(card)) for card in CARD_ORDER if card in hand]
    swaps = [
        TownSwap(tuple(card for (card, _), n in zip(counts, taken, strict=True) for _ in range(n)))
        for taken in product(*(range(n + 1) for _, n in counts))
    ]
    return sorted(swaps, key=lambda swap: len(swap.cards))


def plays_without_moving(state: AdventureState, seat: int, card: str) -> list[Action]:
    if card == "move-nazgul":
        return [LIFT[space] for space in state.nazgul]
    if card == "new-hand":
        return [NEW_HAND]
    rivals = [other for other in range(len(state.pawns)) if other != seat]
    if card == "move-opponent":
        return [
            PUSH[other][to]
            for other in rivals
            if CLEAR[state.pawns[other]] and state.pawns[other] not in state.nazgul
            for to in FORWARD[state.pawns[other]] + BACKWARD[state.pawns[other]]
        ]
    takers = GOLLUM if card == "gollum" else BOROMIR
    return [
        takers[other]
        for other in rivals
        if ring_can_be_taken(state.rings[other], state.pawns[other])
    ]


def random_position(seed: int) -> AdventureState:
    """Any position at all, not only reachable ones: every branch and card with any targets."""
    pick = Chance.seeded(seed).below
    players = 2 + pick(3)
    state = GAME.setup(tuple("ABCD"[:players]), NoOptions(), Chance.seeded(seed))
    deck = list(FULL_DECK)
    clear = [s for s in range(COUNT) if CLEAR[s]]
    state.pawns = [pick(COUNT) for _ in range(players)]
    state.hands = [
        sorted((deck[pick(len(deck))] for _ in range(pick(6))), key=CARD_RANK.__getitem__)
        for _ in range(players)
    ]
    state.nazgul = sorted({clear[pick(len(clear))] for _ in range(pick(8))})
    state.rings = [pick(4) for _ in range(players)]
    state.mountain = [pick(4) if MOUNTAIN[space] else 0 for space in state.pawns]
    state.bonus = pick(2) == 1
    state.current = pick(players)
    if state.nazgul and pick(6) == 0:
        state.pending, state.pending_seat = PENDING_PLACE_NAZGUL, state.current
        state.pending_space = state.nazgul[pick(len(state.nazgul))]
    else:
        state.pending = PENDING_NONE
    return state


@pytest.mark.fuzz
def test_legal_actions_equal_their_plain_definition_on_random_positions() -> None:
    for seed in range(budget(5000, 200_000)):
        state = random_position(seed)
        assert legal_actions(state) == plain_legal_actions(state), seed


@pytest.mark.fuzz
def test_legal_actions_equal_their_plain_definition_in_random_play() -> None:
    for seed in range(budget(40, 2000)):
        state = GAME.setup(tuple("ABCD"[: 2 + seed % 3]), NoOptions(), Chance.seeded(seed))
        pick = Chance.seeded(seed ^ 0x5A).below
        while GAME.to_move(state) is not None:
            options = legal_actions(state)
            assert options == plain_legal_actions(state), seed
            GAME.advance(state, options[pick(len(options))])


@pytest.mark.fuzz
def test_town_swaps_equal_their_plain_definition_for_any_hand() -> None:
    # Hands in any order and of any size up to seven, so that the swaps worked out per count
    # of each kind serve hands they were not first made for.
    for seed in range(budget(3000, 100_000)):
        pick = Chance.seeded(seed).below
        hand = [FULL_DECK[pick(len(FULL_DECK))] for _ in range(pick(8))]
        assert town_swaps(hand) == plain_town_swaps(hand), (seed, hand)
        assert town_swaps(hand) == plain_town_swaps(hand), (seed, hand)  # remembered


@pytest.mark.fuzz
def test_a_draw_leaves_the_hand_as_drawing_then_sorting_does() -> None:
    for seed in range(budget(2000, 50_000)):
        state = random_position(seed)
        pick = Chance.seeded(seed).below
        state.discards = list(FULL_DECK[: pick(8)])
        state.draw_pile = list(FULL_DECK[-pick(4) :]) if pick(3) else []
        seat, count = state.current, 1 + pick(5)
        twin = GAME.clone(state)
        draw(state, seat, count, [])
        # The plain way: take the cards one by one as the rules do, then sort the hand.
        hand = twin.hands[seat]
        for _ in range(count):
            if not twin.draw_pile:
                if not twin.discards:
                    break
                twin.draw_pile = twin.chance.shuffle("reshuffle", twin.discards)[::-1]
                twin.discards = []
            hand.append(twin.draw_pile.pop())
        hand.sort(key=CARD_RANK.__getitem__)
        assert GAME.encode_state(state) == GAME.encode_state(twin), seed


@pytest.mark.fuzz
def test_the_nazgul_ascend_one_a_space_on_clear_terrain_in_random_play() -> None:
    # The legal actions search the Nazgûl only for pawns and walks on clear terrain, and the
    # landings are deleted from the last Nazgûl's space back.
    for seed in range(budget(40, 2000)):
        state = GAME.setup(tuple("ABCD"[: 2 + seed % 3]), NoOptions(), Chance.seeded(seed))
        pick = Chance.seeded(seed ^ 0xA5).below
        while GAME.to_move(state) is not None:
            assert all(CLEAR[space] for space in state.nazgul), seed
            assert state.nazgul == sorted(set(state.nazgul)), seed
            options = legal_actions(state)
            GAME.advance(state, options[pick(len(options))])
