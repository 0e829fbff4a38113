"""Why an action is refused, in a sentence a player can act on."""

from __future__ import annotations

from ringbearer_engine.actions import Action

from ..actions import (
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
from ..content import RING, SPECIALS, TOKEN, card_name
from ..state import AdventureBookState
from .board import Page
from .challenges import cost_now, open_challenge, unmet
from .hands import hand_key
from .movement import can_step
from .payments import payments
from .specials import playable

_PENDING_ACTIONS: dict[str, tuple[type[Action], ...]] = {
    "drop": (Drop,),
    "steps": (Move, Stop),
    "ask": (Ask,),
    "answer": (Answer,),
    "take": (Take,),
    "choose": (Choose,),
}


def _holds(hand: list[str], token: str) -> bool:
    return any(TOKEN[card] == token for card in hand)


def _label(token: str) -> str:
    return card_name(token) if token in TOKEN.values() else repr(token)


def why_illegal(chapter: Page, state: AdventureBookState, action: Action) -> str | None:
    if state.pending:
        pending = state.pending[0]
        if not isinstance(action, _PENDING_ACTIONS[pending.kind]):
            return f"a decision comes first: {pending.kind} by {state.players[pending.seat]}"
        if isinstance(action, Drop | Answer):
            hand = state.solo if pending.solo else state.hands[pending.seat]
            if not _holds(hand, action.card):
                return f"there is no {_label(action.card)} card in that hand"
        if isinstance(action, Move):
            return _why_move(chapter, state, action, pending.piece if pending.lock else "")
        return None
    if state.helper >= 0:
        if not isinstance(action, Play | Back):
            return "a helper may only play Special cards, then hand back with 'back'"
        if isinstance(action, Play):
            return _why_play(state.hands[state.helper], action.card)
        return None
    hand = state.hands[state.seat]
    if isinstance(action, Drop):
        if state.phase != "limit":
            return "cards are only dropped when a rule demands it; to move, use 'discard'"
        return None if _holds(hand, action.card) else f"you hold no {_label(action.card)} card"
    if state.phase == "limit":
        return "first discard down to 6 cards with 'drop'"
    if isinstance(action, Move):
        if state.steps <= 0:
            return (
                "no single steps are left: discard a card to move ('discard <card>')"
                if state.phase == "story"
                else "the Movement step is over"
            )
        return _why_move(chapter, state, action, "")
    if isinstance(action, Rise):
        if action.piece not in state.down:
            return f"{action.piece} is not lying on its side"
        return "standing up takes a single step, and none is left: discard a card to move"
    if isinstance(action, Reveal):
        if not chapter.chapter.reveal_between_moves:
            return "this chapter has no counters to reveal"
        return "a counter may only be revealed between the two single moves of the Movement step"
    if isinstance(action, End):
        return None
    if state.phase == "move" and not isinstance(action, Enter):
        return "that belongs to Storytelling: finish the Movement step with 'end' first"
    if isinstance(action, Discard):
        return None if _holds(hand, action.card) else f"you hold no {_label(action.card)} card"
    if isinstance(action, Complete):
        return _why_complete(chapter, state, action)
    if isinstance(action, Trade | Swap):
        if state.trades <= 0:
            return "you have already traded this turn (one trade per turn)"
        card = action.card if isinstance(action, Trade) else action.give
        if not _holds(hand, card):
            return f"you hold no {_label(card)} card to give"
        if isinstance(action, Trade):
            if len(state.players) == 1:
                return "in a solo game you trade with the solo hand: 'swap <give> <take>'"
            partner = action.seat - 1
            if not 0 <= partner < len(state.players) or partner == state.seat:
                return f"seat {action.seat} is not another player"
            if not state.hands[partner]:
                return f"{state.players[partner]} has no card to give back"
        elif not _holds(state.solo, action.take):
            return f"the solo hand has no {_label(action.take)} card"
        return None
    if isinstance(action, Help):
        partner = action.seat - 1
        if not 0 <= partner < len(state.players) or partner == state.seat:
            return f"seat {action.seat} is not another player"
        return f"{state.players[partner]} has already been asked this turn"
    if isinstance(action, Play):
        return _why_play(hand, action.card)
    if isinstance(action, Ring):
        if not _holds(hand, RING):
            return "the One Ring ability needs a One Ring card from your hand"
        return f"{chapter.chapter.ring_ability.name} cannot be aimed at {action.target!r} now"
    if isinstance(action, Enter):
        space = chapter.spaces.get(action.to)
        if space is None or not space.cost:
            return "only spaces with printed cards are entered with 'enter'; use 'move'"
        if space.only and action.piece not in space.only:
            return f"only {', '.join(space.only)} may enter {space.name}"
        if state.pieces.get(action.piece) not in chapter.adj[action.to]:
            return f"{action.piece} is not next to {space.name}"
        return f"{space.name} is entered by paying {', '.join(space.cost)}, nothing else"
    if isinstance(action, Deed):
        deed = chapter.deeds.get(action.deed)
        if deed is None:
            return f"this chapter has no deed called {action.deed!r}"
        if deed.fighters and deed.reach == "next-to":
            return (
                f"{deed.name} needs {deed.fighters_needed} of {', '.join(deed.fighters)} on "
                f"spaces next to the target (not on it), paying {', '.join(deed.cost)}"
            )
        if deed.fighters:
            return (
                f"{deed.name} needs one of {', '.join(deed.fighters)} on the space of the "
                f"target, paying {', '.join(deed.cost)}"
            )
        return f"{deed.name} cannot be done that way now"
    return None


def _why_move(chapter: Page, state: AdventureBookState, action: Move, locked: str) -> str | None:
    if locked and action.piece != locked:
        return f"these steps belong to {locked}, the piece moved first"
    here = state.pieces.get(action.piece)
    if here is None:
        return _why_not_a_piece(chapter, state, action.piece)
    if action.to not in chapter.adj[here]:
        return f"{chapter.name(action.to)} is not next to {chapter.name(here)}"
    space = chapter.spaces[action.to]
    if action.piece in state.down:
        return f"{action.piece} lies on its side and cannot move: stand it up first ('rise')"
    if space.cost:
        return f"{space.name} is entered by paying its printed cards: use 'enter'"
    if action.piece in chapter.carriers and chapter.carrier(state, action.piece) is None:
        who = " or ".join(chapter.piece_name(p) for p in chapter.carriers[action.piece])
        name = chapter.piece_name(action.piece)
        return f"{name} moves only with {who} on its space, who goes along"
    if not can_step(chapter, state, action.piece, action.to):
        return f"{action.piece} may not enter {space.name} now"
    return None


def _why_not_a_piece(chapter: Page, state: AdventureBookState, token: str) -> str:
    """Why ``move`` cannot take ``token``: a counter, a piece off the board, or no such thing."""
    if token in chapter.counters:
        name = chapter.counter_name(token)
        if state.counters.get(token):
            return f"{name} is a counter: counters are never moved, only character pieces are"
        return f"{name} is a counter and is not on the board"
    if token in chapter.pieces:
        return f"{chapter.piece_name(token)} is not on the board in this chapter"
    return f"this chapter has no character piece called {token!r}"


def _why_play(hand: list[str], token: str) -> str | None:
    if token not in SPECIALS:
        return f"{_label(token)} is not a Special card"
    if not _holds(hand, token):
        return f"you hold no {_label(token)} card"
    if not playable(token):
        return f"{card_name(token)} is used while paying a Challenge, not played on its own"
    return None


def _why_complete(chapter: Page, state: AdventureBookState, action: Complete) -> str | None:
    challenge = chapter.challenges.get(action.challenge)
    if challenge is None:
        return f"this chapter has no Challenge called {action.challenge!r}"
    if challenge.id in state.completed:
        return f"'{challenge.name}' is already completed"
    if not open_challenge(chapter, state, challenge):
        if challenge.final:
            return f"'{challenge.name}' is the final Challenge: complete all the others first"
        return f"'{challenge.name}' must wait for {', '.join(challenge.after)}"
    missing = unmet(chapter, state, challenge)
    if missing:
        return f"'{challenge.name}' needs: {missing[0].text}"
    cost = cost_now(chapter, state, challenge)
    ways = payments(cost, hand_key(state.hands[state.seat]))
    if tuple(sorted(action.pay)) in ways:
        return f"write the payment in sorted order: {','.join(sorted(action.pay))}"
    if action.pay not in ways:
        return f"those cards do not pay '{challenge.name}' ({', '.join(cost)}) from your hand"
    return None
