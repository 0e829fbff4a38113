"""What a seat at a shared table knows of a chapter, in the shape the Book's words read.

The Book's words and panels read the chapter's state: whose turn it is, the decision waiting,
where the pieces and counters stand, the Challenges done. At a shared table the state stays
with the server and a seat (or a spectator) holds only its view, which has all of those: they
are public. What the view hides (the other hands, the order of the decks, the faces of
face-down counters) is left empty here, never guessed, and none of the words read it.
"""

from __future__ import annotations

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book.state import AdventureBookState, Pending
from ringbearer_engine.games.adventure_book.view import AdventureBookView


def public_state(view: AdventureBookView, players: tuple[str, ...]) -> AdventureBookState:
    hands: list[list[str]] = [[] for _ in players]
    if view.seat is not None and view.hand is not None:
        hands[view.seat] = list(view.hand)
    pending = view.pending
    return AdventureBookState(
        players=players,
        chance=rb.Chance.seeded(0),  # the server's dice: nothing here rolls
        chapter=view.chapter,
        seat=view.active,
        phase=view.phase,
        turn=view.turn,
        steps=view.steps,
        trades=view.trades,
        helper=-1 if view.helper is None else view.helper,
        hands=hands,
        solo=list(view.solo_hand),
        story_deck=[],
        story_discard=list(view.story_discard),
        special_deck=[],
        plot_deck=[],
        plot_discard=list(view.plot_discard),
        eye_deck=[],
        corruption=view.corruption,
        fired_eyes=list(view.fired_eyes),
        used_eye_cards=list(view.used_eye_cards),
        pieces=dict(view.pieces),
        counters=dict(view.counters),
        face_down=list(view.face_down),
        turned=list(view.turned),
        completed=list(view.completed),
        pending=[]
        if pending is None
        else [
            Pending(
                pending.kind,
                pending.seat,
                pending.amount,
                pending.solo,
                ask=pending.ask,
                options=list(pending.options),
            )
        ],
        flags=dict(view.flags),
        result=view.result,
        down=list(view.down),
    )
