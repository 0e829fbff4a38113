"""The Adventure Book Game as an engine game: legal actions, apply, views and hooks.

The rules themselves live in the small modules this one dispatches to, under :mod:`.rules`:
``turn`` (the five steps), ``movement``, ``challenges``, ``deeds``, ``specials``, ``trading``
and ``corruption``; each chapter's own rules are under ``chapters/``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from ringbearer_engine.actions import Action
from ringbearer_engine.catalogue import ActionCatalogue
from ringbearer_engine.chance import Chance
from ringbearer_engine.events import DISCARDED, Event
from ringbearer_engine.game import Advisor, BotFactory, Game, Outcome
from ringbearer_engine.info import LENGTH_CAP
from ringbearer_engine.saves import register_migration

from . import catalogue as numbering
from .actions import (
    ACTION_TYPES,
    BACK,
    END,
    STOP,
    Answer,
    Ask,
    Back,
    Choose,
    Complete,
    Deed,
    Discard,
    Drop,
    End,
    Enter,
    Help,
    Move,
    Play,
    Reveal,
    Ring,
    Rise,
    Stop,
    Swap,
    Take,
    Trade,
)
from .chapter import PLOT_DECK_LOSS
from .chapters import LAST_CHAPTER, found_page, page, pages
from .content import EYE_CARDS, PLOT_CARDS, RING, SPECIALS, STORY_CARDS
from .events import CardsDiscarded, CardTaken, CounterRevealed, RingAbilityUsed, a_card
from .rules.board import Page, stand_up
from .rules.challenges import complete, completing, cost_now
from .rules.decisions import SOLO_NAME, who
from .rules.deeds import deed_actions, do_deed
from .rules.ending import CORRUPTED, CORRUPTED_TEXT
from .rules.hands import spend, take
from .rules.knowledge import known_held, saw_taken
from .rules.movement import enter_actions, pay, rise_actions, step, step_actions
from .rules.offers import hand_offers, token_offers
from .rules.specials import play_special
from .rules.trading import (
    ASK_ACTIONS,
    answer,
    answer_actions,
    ask,
    call_helper,
    help_actions,
    offer,
    swap,
    trade_actions,
)
from .rules.turn import MAX_SEATS, end_movement, end_storytelling, settle, setup
from .state import HAND_LIMIT, AdventureBookOptions, AdventureBookState, Pending
from .view import AdventureBookView, build_view

_TRADE_KINDS = (Trade, Ask, Answer, Swap)


_CHANCE_FACES: Mapping[str, frozenset[str]] = {
    # Special cards won in earlier chapters are shuffled into the story deck.
    "story": frozenset(STORY_CARDS) | frozenset(SPECIALS),
    "special": frozenset(SPECIALS),
    "plot": frozenset(str(value) for value in PLOT_CARDS),
    "eye": frozenset(card.id for card in EYE_CARDS),
}


class AdventureBookGame(Game[AdventureBookState]):
    id = "adventure-book"
    title = "The Adventure Book Game"
    min_players = 1
    max_players = MAX_SEATS
    default_players = 2
    cooperative = True
    private_information = True
    max_game_length = LENGTH_CAP  # no proven bound: the adapters' cap (rb.info)
    state_type = AdventureBookState
    options_type = AdventureBookOptions
    action_types = ACTION_TYPES
    state_version = 2
    replayed_fields = {2: ("known",)}  # what each seat has seen: only the log tells

    # -- the rules -------------------------------------------------------------------------

    def setup(
        self, players: tuple[str, ...], options: AdventureBookOptions, chance: Chance
    ) -> AdventureBookState:
        return setup(players, options, chance)

    def actions(self, state: AdventureBookState) -> list[Action]:
        if state.result:
            return []
        chapter = found_page(state.chapter) or page(state.chapter)
        if state.pending:
            return self._pending_actions(chapter, state, state.pending[0])
        if state.helper >= 0:
            return [*token_offers(state.hands[state.helper]).plays, BACK]
        hand = state.hands[state.seat]
        phase = state.phase
        if phase == "story":
            return self._story_actions(chapter, state, hand)
        if phase == "move":
            options: list[Action] = [END]
            if state.steps > 0:
                options += step_actions(chapter, state, state.pieces)
                if state.down:
                    options += rise_actions(state)
            if chapter.entries and not chapter.paid_near.isdisjoint(state.pieces.values()):
                # (a piece stands next to a space entered by paying: the hand is looked up)
                options += enter_actions(chapter, state, hand_offers(hand).key)
            if chapter.chapter.reveal_between_moves:
                options += [Reveal(c) for c in self._revealable(chapter, state)]
            return options
        if phase == "limit":
            return list(token_offers(hand).drops)
        return []

    def _story_actions(
        self, chapter: Page, state: AdventureBookState, hand: list[str]
    ) -> list[Action]:
        found = hand_offers(hand)
        key, offers = found.key, found.offers
        options: list[Action] = [END, *offers.discards]
        if state.steps > 0:
            options += step_actions(chapter, state, state.pieces)
            if state.down:
                options += rise_actions(state)
        if chapter.entries and not chapter.paid_near.isdisjoint(state.pieces.values()):
            options += enter_actions(chapter, state, key)
        if state.trades > 0:
            options += trade_actions(state, offers)
        if len(state.players) > 1:
            options += help_actions(state)
        options += offers.plays
        if offers.ring:
            options += [Ring(t) for t in chapter.rules.ring_targets(chapter, state)]
        where = state.pieces
        for challenge, piece, spaces, check in chapter.readiness.open(state.completed):
            if (spaces is None or where.get(piece) in spaces) and check(state):
                options += completing(challenge.id, cost_now(chapter, state, challenge), key)
        if chapter.chapter.deeds:
            options += deed_actions(chapter, state, key)
        return options

    def _pending_actions(
        self, chapter: Page, state: AdventureBookState, pending: Pending
    ) -> list[Action]:
        kind = pending.kind
        if kind == "drop":
            hand = state.solo if pending.solo else state.hands[pending.seat]
            return list(token_offers(hand).drops)
        if kind == "steps":
            pieces = [pending.piece] if pending.lock and pending.piece else state.pieces
            return [*step_actions(chapter, state, pieces), STOP]
        if kind == "ask":
            return list(ASK_ACTIONS)
        if kind == "answer":
            return list(answer_actions(state, pending))
        if kind == "take":
            return [Take(t) for t in pending.options]
        if kind == "choose":
            return [Choose(o) for o in pending.options]
        raise ValueError(f"unknown pending decision {kind!r}")

    def _revealable(self, chapter: Page, state: AdventureBookState) -> list[str]:
        if not chapter.chapter.reveal_between_moves or state.flags.get("revealed"):
            return []
        if state.moved != 1 or state.steps != 1:
            return []
        return list(state.face_down)

    def apply(self, state: AdventureBookState, action: Action) -> list[Event]:
        events: list[Event] = []
        self.advance(state, action, events)
        return events

    def advance(
        self, state: AdventureBookState, action: Action, events: list[Event] = DISCARDED
    ) -> None:
        """Carry out ``action``; its events go to ``events`` (``apply`` passes a list to
        return), by default nowhere: the commonest events are then not even built."""
        chapter = found_page(state.chapter) or page(state.chapter)
        _HANDLERS[type(action)](self, chapter, state, action, events)
        settle(chapter, state, events)

    # -- handlers (one per action type) ------------------------------------------------------

    def _move(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Move)
        if state.pending:
            pending = state.pending[0]
            step(chapter, state, action.piece, action.to, events)
            pending.amount -= 1
            if pending.lock and not pending.piece:
                pending.piece = action.piece
            if pending.amount <= 0:
                _remove_pending(state, pending)
            return
        step(chapter, state, action.piece, action.to, events)
        state.steps -= 1
        if state.phase == "move":
            state.moved += 1
            if state.steps <= 0:
                end_movement(state)

    def _rise(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Rise)
        stand_up(chapter, state, action.piece, "one single step", events)
        state.steps -= 1
        if state.phase == "move":
            state.moved += 1
            if state.steps <= 0:
                end_movement(state)

    def _end(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        if state.phase == "move":
            end_movement(state)
        else:
            end_storytelling(chapter, state, events)

    def _discard(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Discard)
        seat = state.seat
        if events is not DISCARDED:
            events.append(CardsDiscarded(who(state, seat), (action.card,), "to move a piece"))
        spend(state, state.hands[seat], action.card, "discarded to move", events)
        state.steps += 1

    def _drop(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Drop)
        if state.pending:
            pending = state.pending[0]
            hand = state.solo if pending.solo else state.hands[pending.seat]
            name = SOLO_NAME if pending.solo else who(state, pending.seat)
            events.append(CardsDiscarded(name, (action.card,), _why(pending.source)))
            pending.amount -= 1
            if pending.amount <= 0 or len(hand) <= 1:
                _remove_pending(state, pending)
            spend(state, hand, action.card, _why(pending.source), events, played=False)
            return
        events.append(CardsDiscarded(who(state, state.seat), (action.card,), "hand limit"))
        spend(state, state.hands[state.seat], action.card, "hand limit", events, played=False)

    def _complete(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Complete)
        complete(chapter, state, chapter.challenges[action.challenge], action.pay, events)

    def _enter(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Enter)
        why = f"entering {chapter.name(action.to)}"
        pay(state, state.hands[state.seat], action.pay, why, events)
        if not state.result:
            step(chapter, state, action.piece, action.to, events)

    def _trade(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Trade)
        offer(state, action.seat - 1, action.card, events)

    def _ask(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Ask)
        ask(state, action.wish, events)

    def _answer(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Answer)
        answer(state, action.card, events)

    def _swap(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Swap)
        swap(state, action.give, action.take, events)

    def _help(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Help)
        call_helper(state, action.seat - 1, events)

    def _back(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        state.helper = -1

    def _play(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Play)
        seat = state.helper if state.helper >= 0 else state.seat
        play_special(state, seat, action.card, events)

    def _ring(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Ring)
        ability = chapter.chapter.ring_ability
        events.append(RingAbilityUsed(who(state, state.seat), ability.name))
        spend(state, state.hands[state.seat], RING, "the One Ring ability", events)
        if not state.result:
            chapter.rules.ring(chapter, state, action.target, events)

    def _deed(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Deed)
        deed = chapter.deeds[action.deed]
        do_deed(chapter, state, deed, action.target, action.pay, events)

    def _stop(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        state.pending.pop(0)

    def _choose(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Choose)
        pending = state.pending.pop(0)
        chapter.rules.choose(chapter, state, pending, action.option, events)

    def _take(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Take)
        pending = state.pending.pop(0)
        card = take(state.story_discard, action.card)
        state.hands[pending.seat].append(card)
        saw_taken(state, pending.seat, card)
        events.append(CardTaken(who(state, pending.seat), action.card, "Story discard pile"))

    def _reveal(
        self, chapter: Page, state: AdventureBookState, action: Any, events: list[Event]
    ) -> None:
        assert isinstance(action, Reveal)
        state.face_down.remove(action.counter)
        state.flags["revealed"] = 1
        face = state.secrets.pop(action.counter, chapter.counters[action.counter].kind)
        events.append(CounterRevealed(chapter.counter_name(action.counter), face))
        chapter.rules.on_reveal(chapter, state, action.counter, events)

    # -- whose turn, the end ---------------------------------------------------------------

    def to_move(self, state: AdventureBookState) -> int | None:
        if state.result:
            return None
        if state.pending:
            return state.pending[0].seat
        if state.helper >= 0:
            return state.helper
        return state.seat

    def outcome(self, state: AdventureBookState) -> Outcome | None:
        if not state.result:
            return None
        chapter = page(state.chapter)
        title = chapter.chapter.title
        if state.result == "won":
            everyone = tuple(range(len(state.players)))
            if state.chapter >= LAST_CHAPTER:
                return Outcome(everyone, "campaign-won", "The One Ring is destroyed!")
            return Outcome(everyone, "chapter-won", f"Chapter {state.chapter}, {title}, is won.")
        if state.result == CORRUPTED:
            return Outcome((), CORRUPTED, f"The campaign is lost: {CORRUPTED_TEXT}.")
        text = chapter.lose_texts.get(state.result) or (
            PLOT_DECK_LOSS.text if state.result == PLOT_DECK_LOSS.id else state.result
        )
        return Outcome((), state.result, f"Chapter {state.chapter}, {title}, is lost: {text}.")

    def turn_number(self, state: AdventureBookState) -> int:
        return state.turn

    # -- what players see and are told -----------------------------------------------------

    def view(self, state: AdventureBookState, seat: int | None) -> AdventureBookView:
        return build_view(page(state.chapter), state, seat, self.to_move(state), self.prompt(state))

    def prompt(self, state: AdventureBookState) -> str:
        seat = self.to_move(state)
        if seat is None:
            outcome = self.outcome(state)
            return outcome.summary if outcome else "The chapter is over."
        name = state.players[seat]
        if state.pending:
            return _pending_prompt(state, state.pending[0])
        if state.helper >= 0:
            return f"{name} may play Special cards to help, then hand back ('back')."
        if state.phase == "move":
            return f"{name}: Movement. Move pieces {state.steps} more single steps, or 'end'."
        if state.phase == "story":
            return (
                f"{name}: Storytelling. Trade, discard to move, complete Challenges, play "
                "Special cards or the One Ring; 'end' to draw and reveal the Plot card."
            )
        if state.phase == "limit":
            extra = len(state.hands[state.seat]) - HAND_LIMIT
            return f"{name}: discard {extra} more card{'s' if extra > 1 else ''} (hand limit 6)."
        return f"{name} to play."

    def why_illegal(self, state: AdventureBookState, action: Action) -> str | None:
        from .rules.legality import why_illegal

        return why_illegal(page(state.chapter), state, action)

    def undoable(self, state: AdventureBookState, action: Action, revealed: bool) -> bool:
        # A trade shows a hidden card to another seat: it cannot be taken back.
        return not revealed and not isinstance(action, _TRADE_KINDS)

    def determinize(
        self, state: AdventureBookState, seat: int | None, chance: Chance
    ) -> AdventureBookState:
        """Re-deal what ``seat`` cannot see: other hands and the Story deck share one pool;
        the other decks are unordered already; face-down counters swap their secrets.

        A card ``seat`` knows to be in another hand (one it gave, or was given back, and has
        not seen leave) stays in that hand; only the rest of the hand is re-dealt. A spectator
        (``None``) knows no hand."""
        copy = self.clone(state)
        copy.chance = chance
        others = [n for n in range(len(copy.players)) if n != seat]
        kept = {n: known_held(copy, seat, n) if seat is not None else [] for n in others}
        pool = list(copy.story_deck)
        for n in others:
            rest = list(copy.hands[n])
            for card in kept[n]:
                rest.remove(card)
            pool.extend(rest)
        dealt = chance.shuffle("redeal", sorted(pool))
        for n in others:
            size = len(copy.hands[n]) - len(kept[n])
            copy.hands[n], dealt = kept[n] + dealt[:size], dealt[size:]
        copy.story_deck = sorted(dealt)
        if copy.secrets:
            hidden = sorted(copy.secrets)
            faces = chance.shuffle("redeal-secrets", [copy.secrets[c] for c in hidden])
            copy.secrets = dict(zip(hidden, faces, strict=True))
        return copy

    def chance_faces(self) -> Mapping[str, Collection[str]]:
        return {**_CHANCE_FACES, "hidden": _hiders()}

    def evaluate(self, state: AdventureBookState, seat: int) -> float | None:
        """The fitted per-chapter estimate (``value.py``); the game is cooperative, so every
        seat shares it."""
        from .value import estimated_win_chance

        return estimated_win_chance(state)

    def action_catalogue(self) -> ActionCatalogue:
        return numbering.action_catalogue()

    def bots(self) -> dict[str, BotFactory]:
        from .bots import HeuristicBot
        from .search import SearchBot

        # The app's hints advise what "search" plays (``advisor.py``).
        return {"heuristic": HeuristicBot, "search": SearchBot}

    def advisor(self, seed: int) -> Advisor:
        from .advisor import hint_advisor

        return hint_advisor(self, seed)


def _hiders() -> frozenset[str]:
    """The counters that may hide a piece (the ``hidden`` draw at setup, AB-A35)."""
    return frozenset(
        counter
        for chapter in pages().values()
        for hidden in chapter.chapter.hidden
        for counter in chapter.counter_kinds.get(hidden.kind, ())
    )


def _remove_pending(state: AdventureBookState, pending: Pending) -> None:
    for index, item in enumerate(state.pending):
        if item is pending:
            del state.pending[index]
            return


def _why(source: str) -> str:
    if source.startswith("plot"):
        return f"Plot Chart, {source}"
    if source.startswith("eye"):
        return "Eye of Sauron"
    return source or "a rule"


def _pending_prompt(state: AdventureBookState, pending: Pending) -> str:
    name = state.players[pending.seat]
    kind = pending.kind
    if kind == "drop":
        whose = "from the solo hand" if pending.solo else "from your hand"
        return f"{name}: discard {pending.amount} card(s) {whose} ({_why(pending.source)})."
    if kind == "steps":
        return f"{name}: move pieces up to {pending.amount} more single steps, or 'stop'."
    if kind == "ask":
        return f"{name}: which symbol do you hope to get back? ('ask any' if any card helps)"
    if kind == "answer":
        partner = state.players[pending.partner]
        return f"{name}: give a card back to {partner} (they hope for {a_card(pending.ask)})."
    if kind == "take":
        return f"{name}: take a card from the Story discard pile."
    if kind == "choose":
        return f"{name}: choose one of {', '.join(pending.options)}."
    return f"{name} to decide."


_HANDLERS: dict[type[Action], Any] = {
    Move: AdventureBookGame._move,
    End: AdventureBookGame._end,
    Discard: AdventureBookGame._discard,
    Drop: AdventureBookGame._drop,
    Complete: AdventureBookGame._complete,
    Enter: AdventureBookGame._enter,
    Trade: AdventureBookGame._trade,
    Ask: AdventureBookGame._ask,
    Answer: AdventureBookGame._answer,
    Swap: AdventureBookGame._swap,
    Help: AdventureBookGame._help,
    Back: AdventureBookGame._back,
    Play: AdventureBookGame._play,
    Ring: AdventureBookGame._ring,
    Deed: AdventureBookGame._deed,
    Stop: AdventureBookGame._stop,
    Choose: AdventureBookGame._choose,
    Take: AdventureBookGame._take,
    Reveal: AdventureBookGame._reveal,
    Rise: AdventureBookGame._rise,
}


def _known_added(state: Any) -> Any:
    """Version 2 added ``known``; its default (nothing seen) reads version 1 as it is, and a
    verified load fills it from the replay (``replayed_fields``)."""
    return state


register_migration(1, _known_added, game=AdventureBookGame.id)
