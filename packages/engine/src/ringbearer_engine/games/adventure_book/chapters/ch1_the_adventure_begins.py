"""Chapter 1, The Adventure Begins: from Bag End to Bree and on to Weathertop.

Gandalf warns Frodo (and Sam listens at the window), the four hobbits meet at Farmer
Maggot's, slip past the Black Riders to the Prancing Pony, where Strider joins them, and
reach Weathertop. The two Black Riders circle the Shire on their own route outside the paths.

Special rules (code below):

* **Black Riders** ride clockwise round their route and never overtake: the Rider that can
  ride its full distance without reaching the other one rides (FAQ). If both can, the active
  player chooses; if neither can, the one that can ride farther rides up to just behind the
  other (AB-A30).
* When a Rider stops, it sees the path spaces its route space overlooks. A hobbit seen
  outside a hideout frightens the company: the active player discards a card per hobbit.
  If Frodo is seen, the Ring is found and the chapter is lost.
* **One Ring ability**: Frodo slips on the Ring; the Riders cannot see him until the turn ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from ringbearer_engine.events import Event

from ..chapter import (
    Challenge,
    Chapter,
    ChapterRules,
    CounterStart,
    Effect,
    LoseCondition,
    PieceStart,
    PlotEntry,
    Requirement,
    Reward,
    RingAbility,
    Space,
    Track,
)
from ..events import RuleNote
from ..rules.board import Page, move_counter, plot_odds, track_ahead
from ..rules.decisions import drop_for_active, push
from ..state import AdventureBookState, Pending

HOBBITS = ("frodo", "sam", "merry", "pippin")
RIDERS = ("rider-1", "rider-2")
ROUTE = "rider-route"

SPACES = (
    Space("bag-end", "Bag End", 1, 2),
    Space("garden", "Bag End Garden", 1, 4),
    Space("hobbiton", "Hobbiton", 3, 2),
    Space("green-dragon", "The Green Dragon", 3, 4),
    Space("woody-end", "Woody End", 5, 1, hideout=True),
    Space("maggots-farm", "Farmer Maggot's Farm", 5, 4),
    Space("stock", "Stock", 7, 2),
    Space("ferry", "Bucklebury Ferry", 7, 5, hideout=True),
    Space("east-road", "The East Road", 9, 3),
    Space("bree", "The Prancing Pony", 11, 3, hideout=True),
    Space("chetwood", "Chetwood", 12, 1),
    Space("midgewater", "Midgewater Marshes", 12, 5),
    Space("weathertop", "Weathertop", 14, 3),
    # The Black Riders' route: its own spaces round the page, listed clockwise.
    Space("r1", "Rider route 1", 0, 0, track=True),
    Space("r2", "Rider route 2", 3, 0, track=True),
    Space("r3", "Rider route 3", 7, 0, track=True),
    Space("r4", "Rider route 4", 10, 0, track=True),
    Space("r5", "Rider route 5", 13, 0, track=True),
    Space("r6", "Rider route 6", 15, 3, track=True),
    Space("r7", "Rider route 7", 13, 6, track=True),
    Space("r8", "Rider route 8", 10, 6, track=True),
    Space("r9", "Rider route 9", 7, 6, track=True),
    Space("r10", "Rider route 10", 4, 6, track=True),
    Space("r11", "Rider route 11", 1, 6, track=True),
    Space("r12", "Rider route 12", 0, 3, track=True),
)

LINKS = (
    ("bag-end", "hobbiton"),
    ("bag-end", "garden"),
    ("garden", "green-dragon"),
    ("hobbiton", "green-dragon"),
    ("hobbiton", "woody-end"),
    ("green-dragon", "maggots-farm"),
    ("woody-end", "stock"),
    ("woody-end", "maggots-farm"),
    ("maggots-farm", "ferry"),
    ("stock", "ferry"),
    ("stock", "east-road"),
    ("ferry", "east-road"),
    ("east-road", "bree"),
    ("bree", "chetwood"),
    ("bree", "midgewater"),
    ("chetwood", "weathertop"),
    ("midgewater", "weathertop"),
)

WATCHED = {
    "r1": "bag-end",
    "r2": "hobbiton",
    "r3": "stock,woody-end",
    "r4": "east-road",
    "r5": "chetwood",
    "r6": "weathertop",
    "r7": "midgewater",
    "r8": "east-road",
    "r9": "maggots-farm,ferry",
    "r10": "green-dragon",
    "r11": "garden",
    "r12": "bag-end,garden",
}
"""Route space -> the path spaces a Rider there overlooks (designed; kept in the chapter's
``extra`` data so the design page lists it)."""

CHAPTER = Chapter(
    number=1,
    id="the-adventure-begins",
    title="The Adventure Begins",
    intro=(
        "Gandalf comes back to Bag End with dark news about Bilbo's ring. Frodo must leave "
        "the Shire with his friends, while the Black Riders search every road."
    ),
    spaces=SPACES,
    links=LINKS,
    tracks=(Track(ROUTE, "The Black Riders' route", tuple(f"r{n}" for n in range(1, 13)), True),),
    pieces=(
        PieceStart("frodo", "Frodo", "bag-end"),
        PieceStart("sam", "Samwise", "green-dragon"),
        PieceStart("merry", "Merry", "maggots-farm"),
        PieceStart("pippin", "Pippin", "maggots-farm"),
        PieceStart("gandalf", "Gandalf", "hobbiton", counter=True),
        PieceStart("aragorn", "Aragorn (Strider)", ""),
    ),
    counters=(
        CounterStart("rider-1", "black-rider", "Black Rider", "r3", source="rulebook"),
        CounterStart("rider-2", "black-rider", "Black Rider", "r9", source="rulebook"),
    ),
    challenges=(
        Challenge(
            "keep-it-secret",
            "Keep It Secret, Keep It Safe",
            (
                Requirement("at", "Frodo and Gandalf on Bag End", ("frodo", "gandalf"), "bag-end"),
                Requirement("next-to", "Samwise next to Bag End", ("sam",), "bag-end"),
            ),
            ("insight", "any"),
            (
                Reward("special", "draw 1 Special card", 1),
                Reward("leave", "Gandalf rides away", key="gandalf"),
            ),
        ),
        Challenge(
            "short-cut",
            "A Short Cut to Mushrooms",
            (
                Requirement(
                    "at", "all four hobbits on Farmer Maggot's Farm", HOBBITS, "maggots-farm"
                ),
            ),
            ("adventure", "any"),
            (Reward("story", "draw 2 Story cards", 2),),
        ),
        Challenge(
            "prancing-pony",
            "At the Sign of the Prancing Pony",
            (Requirement("at", "all four hobbits on the Prancing Pony", HOBBITS, "bree"),),
            ("mystery", "adventure", "adventure"),
            (
                Reward(
                    "join",
                    "Strider (Aragorn) joins on the Prancing Pony",
                    key="aragorn",
                    space="bree",
                ),
                Reward("special", "draw 1 Special card", 1),
            ),
        ),
        Challenge(
            "weathertop",
            "Weathertop",
            (
                Requirement(
                    "at", "Frodo and Aragorn on Weathertop", ("frodo", "aragorn"), "weathertop"
                ),
                Requirement("near", "Samwise on or next to Weathertop", ("sam",), "weathertop"),
            ),
            ("courage", "combat", "any"),
            final=True,
        ),
    ),
    plot_chart=(
        PlotEntry(1, "Hoofbeats on the road: a Black Rider rides 1 space.", (Effect("ride", 1),)),
        PlotEntry(2, "A Rider sniffs the air: a Black Rider rides 2 spaces.", (Effect("ride", 2),)),
        PlotEntry(3, "The Nazgûl hunt: a Black Rider rides 3 spaces.", (Effect("ride", 3),)),
        PlotEntry(4, "Both Black Riders ride 1 space.", (Effect("ride-each", 1),)),
        PlotEntry(
            5,
            "Gossip at the Green Dragon: the active player discards 1 card.",
            (Effect("active-discard", 1),),
        ),
    ),
    ring_ability=RingAbility(
        "frodo-vanishes",
        "Frodo vanishes",
        "Frodo slips on the Ring: the Black Riders cannot see him until this turn ends.",
    ),
    lose_conditions=(
        LoseCondition("frodo-caught", "a Black Rider has seen Frodo outside a hideout"),
    ),
    extra=WATCHED,
    special_rules=(
        "The Black Riders ride clockwise round their route and never overtake each other.",
        "A Rider that stops sees the path spaces its route space overlooks.",
        "A hobbit seen outside a hideout: the active player discards 1 card per hobbit.",
        "Frodo seen outside a hideout: the chapter is lost.",
    ),
)


def gap(state: AdventureBookState, page: Page, rider: str) -> int:
    """Route spaces from ``rider`` clockwise to the other Rider (12 when it is alone)."""
    route = page.tracks[ROUTE].spaces
    placed = state.counters
    here = route.index(placed[rider])
    for other in RIDERS:  # the first other Rider on the route (a loop: no list to make)
        if other != rider and placed.get(other):
            there = route.index(placed[other])
            return (there - here) % len(route) or len(route)
    return len(route)


WATCHES: dict[str, tuple[str, ...]] = {k: tuple(v.split(",")) for k, v in CHAPTER.extra.items()}


class AdventureBeginsRules(ChapterRules[Page]):
    choice_options = RIDERS  # which Black Rider rides

    def effect(
        self, page: Page, state: AdventureBookState, effect: Effect, events: list[Event]
    ) -> None:
        if effect.kind == "ride":
            self.ride(page, state, effect.amount, events)
        elif effect.kind == "ride-each":
            moved: list[str] = []
            for _ in RIDERS:
                able = [r for r in RIDERS if r not in moved and gap(state, page, r) > effect.amount]
                if not able:
                    break
                self.ride_with(page, state, able[0], effect.amount, events)
                moved.append(able[0])

    def ride(self, page: Page, state: AdventureBookState, amount: int, events: list[Event]) -> None:
        """The FAQ: the Rider that can ride in full rides; both: the active player picks;
        neither: the one that can go farther rides up to just behind the other (AB-A30)."""
        able = [r for r in RIDERS if gap(state, page, r) > amount]
        if len(able) == 1:
            self.ride_with(page, state, able[0], amount, events)
            return
        if len(able) == 2:
            push(
                state,
                [Pending("choose", state.seat, amount=amount, source="ride", options=list(RIDERS))],
            )
            return
        reach = {r: gap(state, page, r) - 1 for r in RIDERS}
        best = max(reach.values())
        farthest = [r for r in RIDERS if reach[r] == best]
        if best <= 0:
            return
        if len(farthest) == 1:
            self.ride_with(page, state, farthest[0], best, events)
        else:
            push(
                state, [Pending("choose", state.seat, amount=best, source="ride", options=farthest)]
            )

    def choose(
        self,
        page: Page,
        state: AdventureBookState,
        pending: Pending,
        option: str,
        events: list[Event],
    ) -> None:
        self.ride_with(page, state, option, pending.amount, events)

    def ride_with(
        self, page: Page, state: AdventureBookState, rider: str, amount: int, events: list[Event]
    ) -> None:
        ahead = track_ahead(page, ROUTE, state.counters[rider], amount)
        if not ahead:
            return
        move_counter(page, state, rider, ahead[-1], events)
        self.look(page, state, ahead[-1], events)

    def look(self, page: Page, state: AdventureBookState, spot: str, events: list[Event]) -> None:
        """A Rider that stops sees the spaces its route space overlooks."""
        seen = [
            hobbit
            for hobbit in HOBBITS
            if state.pieces.get(hobbit) in WATCHES[spot]
            and not page.spaces[state.pieces[hobbit]].hideout
            and not (hobbit == "frodo" and state.flags.get("frodo-hidden"))
        ]
        if "frodo" in seen:
            state.flags["frodo-caught"] = 1
            return
        if seen:
            events.append(RuleNote(f"A Black Rider sees {', '.join(s.title() for s in seen)}!"))
            push(state, drop_for_active(state, len(seen), "a Black Rider"), front=True)

    def check(self, page: Page, state: AdventureBookState) -> str:
        return "frodo-caught" if state.flags.get("frodo-caught") else ""

    def ring_targets(self, page: Page, state: AdventureBookState) -> Sequence[str | None]:
        if "frodo" in state.pieces and not state.flags.get("frodo-hidden"):
            return [None]
        return []

    def ring(
        self, page: Page, state: AdventureBookState, target: str | None, events: list[Event]
    ) -> None:
        state.flags["frodo-hidden"] = 1
        events.append(RuleNote("Frodo vanishes: the Black Riders cannot see him this turn."))

    def end_turn(self, page: Page, state: AdventureBookState, events: list[Event]) -> None:
        state.flags.pop("frodo-hidden", None)

    def danger(
        self,
        page: Page,
        state: AdventureBookState,
        piece: str,
        space: str,
        company: frozenset[str] = frozenset(),
    ) -> float:
        if piece not in HOBBITS or page.spaces[space].hideout:
            return 0.0
        if piece == "frodo" and state.flags.get("frodo-hidden"):
            return 0.0
        odds = plot_odds(state)
        risk = 0.0
        for rider in RIDERS:
            alone = gap(state, page, rider) <= 3
            for distance, spot in enumerate(track_ahead(page, ROUTE, state.counters[rider], 3), 1):
                if space not in WATCHES[spot]:
                    continue
                # Plot 4 moves both Riders 1 (forced); plots 1-3 move one Rider, which the
                # active player picks when both could: a chosen Rider can usually be a safe one.
                risk += odds.get(distance, 0.0) * (1.0 if alone else 0.4)
                if distance == 1:
                    risk += odds.get(4, 0.0)
        return risk * (150.0 if piece == "frodo" else 4.0)

    def ring_advice(self, page: Page, state: AdventureBookState) -> list[str | None]:
        frodo = state.pieces.get("frodo")
        if frodo and self.danger(page, state, "frodo", frodo) >= 100:
            return [None]
        return []


RULES = AdventureBeginsRules()
