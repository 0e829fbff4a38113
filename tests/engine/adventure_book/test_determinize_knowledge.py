"""Re-deals for a seat honour what that seat knows: a card it saw go into another hand stays
there until it sees the card leave (issue 44)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st_

from ringbearer_engine import Chance, get_game
from ringbearer_engine.bots import RandomBot
from ringbearer_engine.events import Event
from ringbearer_engine.games.adventure_book.actions import Answer, Take, Trade
from ringbearer_engine.games.adventure_book.bots import HeuristicBot
from ringbearer_engine.games.adventure_book.content import TOKEN
from ringbearer_engine.games.adventure_book.events import CardTaken
from ringbearer_engine.games.adventure_book.state import AdventureBookState, Pending

from .test_properties import chapters, fresh, seeds

GAME = get_game("adventure-book")
Knowledge = dict[tuple[int, int], Counter[str]]
"""(observer, holder) -> the cards the observer saw go into the holder's hand."""


def passed_card(before: AdventureBookState, after: AdventureBookState) -> tuple[int, int, str]:
    """The (giver, receiver, card) of a trade step, read off the two hands."""
    pairs = list(enumerate(zip(before.hands, after.hands, strict=True)))
    lost = [(n, Counter(b) - Counter(a)) for n, (b, a) in pairs]
    gained = [(n, Counter(a) - Counter(b)) for n, (b, a) in pairs]
    ((giver, card),) = [(n, next(iter(c))) for n, c in lost if c]
    (receiver,) = [n for n, c in gained if c]
    return giver, receiver, card


def observe(
    knowledge: Knowledge,
    before: AdventureBookState,
    after: AdventureBookState,
    traded: bool,
    events: list[Event],
) -> None:
    """The test's own account of what each seat knows, kept from the hands and events."""
    for event in events:
        if isinstance(event, CardTaken) and event.where == "Story discard pile":
            holder = after.players.index(event.who)
            taken = (Counter(after.hands[holder]) - Counter(before.hands[holder])) & Counter(
                before.story_discard
            )
            for observer in range(len(after.players)):
                if observer != holder:
                    knowledge[(observer, holder)].update(taken)
    if traded:
        giver, receiver, card = passed_card(before, after)
        knowledge[(receiver, giver)][card] = 0
        knowledge[(giver, receiver)][card] += 1
        for observer in range(len(after.players)):
            if observer not in (giver, receiver):
                knowledge[(observer, giver)].clear()
    for (_, holder), cards in knowledge.items():
        # Every other way out of a hand is face up: the seat saw the card leave.
        cards &= Counter(after.hands[holder])


def check_redeals(state: AdventureBookState, knowledge: Knowledge, seed: int) -> None:
    for seat in range(len(state.players)):
        redealt = GAME.determinize(state, seat, Chance.seeded(seed))
        assert isinstance(redealt, AdventureBookState)
        assert GAME.view(redealt, seat) == GAME.view(state, seat)
        for holder in range(len(state.players)):
            if holder != seat:
                missing = knowledge[(seat, holder)] - Counter(redealt.hands[holder])
                assert not missing, f"seat {seat} saw {sorted(missing)} go to seat {holder}"


@settings(max_examples=25, deadline=None)
@given(seeds, chapters, st_.integers(2, 4))
def test_a_redeal_never_contradicts_what_the_seat_saw_and_keeps_its_own_view(
    seed: int, chapter: int, players: int
) -> None:
    state = fresh(seed, chapter, players)
    bot = RandomBot(seed)
    knowledge: Knowledge = {
        (s, t): Counter() for s in range(players) for t in range(players) if s != t
    }
    steps = 0
    while GAME.to_move(state) is not None and steps < 400:
        before = GAME.clone(state)
        action = bot.choose(GAME, state)
        events = GAME.apply(state, action)
        observe(knowledge, before, state, isinstance(action, Trade | Answer), events)
        check_redeals(state, knowledge, seed + steps)
        steps += 1


def test_a_card_just_given_in_a_trade_stays_in_the_partners_hand_in_every_redeal() -> None:
    """Before the fix 549 of these 800 re-deals took the card back out of the partner's hand."""
    redeals = taken_back = 0
    for seed in range(6):
        state = fresh(seed, 1, 2)
        bot = HeuristicBot(seed)
        while GAME.to_move(state) is not None:
            before = GAME.clone(state)
            action = bot.choose(GAME, state)
            GAME.apply(state, action)
            if not isinstance(action, Trade):
                continue
            giver, receiver, card = passed_card(before, state)
            for k in range(20):
                redealt = GAME.determinize(state, giver, Chance.seeded(seed * 1000 + k))
                assert isinstance(redealt, AdventureBookState)
                redeals += 1
                taken_back += card not in redealt.hands[receiver]
    assert redeals > 100
    assert taken_back == 0, f"{taken_back} of {redeals} re-deals took the given card back"


def test_a_card_taken_from_the_story_discard_pile_stays_in_the_takers_hand_for_everyone() -> None:
    state = fresh(3, 1, 3)
    card = state.story_deck.pop()
    state.story_discard.append(card)
    state.pending = [Pending("take", 1), *state.pending]
    GAME.apply(state, Take(TOKEN[card]))
    assert card in state.hands[1]
    for seat in (0, 2):
        for k in range(30):
            redealt = GAME.determinize(state, seat, Chance.seeded(k))
            assert isinstance(redealt, AdventureBookState)
            assert card in redealt.hands[1], f"seat {seat}'s re-deal {k} moved the taken card"
