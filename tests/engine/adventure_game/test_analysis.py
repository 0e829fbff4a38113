"""Reviewing an Adventure Game: a seat's decisions are judged only from what it could see."""

from __future__ import annotations

from typing import Any

from adventure_game.table import GAME, Table

import ringbearer_engine as rb
from ringbearer_engine.analysis import AdvisorFactory
from ringbearer_engine.analysis.analyse import StepTask, judge_step
from ringbearer_engine.games.adventure_game.bots import ISMCBot
from ringbearer_engine.games.adventure_game.content import CARD_RANK
from ringbearer_engine.games.adventure_game.state import AdventureState


def small_search(game: rb.Game[Any], seed: int) -> ISMCBot:
    return ISMCBot(seed, samples=4)


def seat_one_to_decide() -> Table:
    table = Table(2)
    table.turn(1)
    assert GAME.to_move(table.state) == 1
    assert len(GAME.actions(table.state)) > 1
    return table


class PeekingAdvisor:
    """An unfair advisor: its figure for every choice is read off seat 0's hand."""

    def rank(self, game: rb.Game[Any], state: rb.GameState) -> list[rb.Ranking]:
        assert isinstance(state, AdventureState)
        peek = sum(CARD_RANK[card] for card in state.hands[0]) % 97
        return [rb.Ranking(a, peek / 97, 97, peek) for a in game.actions(state)]


def peeking(game: rb.Game[Any], seed: int) -> PeekingAdvisor:
    return PeekingAdvisor()


def judged(table: Table, advisor: AdvisorFactory = small_search) -> rb.StepReview:
    state = table.state
    actions = GAME.actions(state)
    task = StepTask(
        game=GAME.id,
        step=0,
        seat=1,
        view=1,
        kind="decision",
        chosen=str(actions[-1]),
        options=len(actions),
        state=GAME.encode_state(state),
        judged=True,
        after=None,
        seed=7,
        futures=4,
    )
    return judge_step(task, advisor).review


def test_seat_ones_review_does_not_change_with_seat_zeros_hidden_cards() -> None:
    table = seat_one_to_decide()
    first = judged(table)
    # Seat 0's hand and the pile trade cards: nothing seat 1 can see has changed.
    hand, pile = table.state.hands[0], table.state.draw_pile
    hand[0], pile[0] = pile[0], hand[0]
    assert judged(table) == first


def test_even_an_advisor_that_peeks_sees_only_seat_ones_knowledge() -> None:
    table = seat_one_to_decide()
    first = judged(table, peeking)
    hand, pile = table.state.hands[0], table.state.draw_pile
    for n in range(len(hand)):
        hand[n], pile[n] = pile[n], hand[n]
    assert judged(table, peeking) == first


def test_seat_ones_review_changes_with_its_own_hand() -> None:
    table = seat_one_to_decide()
    first = judged(table)
    hand, pile = table.state.hands[1], table.state.draw_pile
    different = next(card for card in pile if card not in hand)
    hand[0] = different
    pile[pile.index(different)] = first_card = table.state.hands[1][1]
    assert first_card
    assert judged(table) != first
