"""Chapter 4, The Fellowship Breaks: Amon Hen and the falls of Rauros.

At Parth Galen Frodo climbs to the Seat of Seeing, the Uruk-hai swarm through the woods,
Merry and Pippin draw them off, Aragorn, Legolas and Gimli hold the ruins, and Frodo and Sam
take a boat to the eastern shore alone.

Special rules (code below):

* **Orcs** appear on numbered spaces; several Orcs may share a space (FAQ). When they hunt,
  each Orc moves one space toward the nearest hobbit. A fighter (Aragorn, Legolas, Gimli) on
  an Orc's space defeats it for a Combat Skill card. With no Orc left in the supply, a new
  one is simply not placed (AB-A33).
* Frodo may not enter a space with an Orc unless Aragorn, Legolas or Gimli is there. At the
  end of every turn, an Orc on Frodo's space with no fighter beside him captures him: the
  chapter is lost. An Orc that reaches Samwise sends him back to Parth Galen.
* **One Ring ability**: Frodo puts on the Ring: he moves up to 3 spaces and the Orcs cannot
  see him until the turn ends (he may pass through their spaces, but must not end the turn
  on one).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ringbearer_engine.events import Event

from ..chapter import (
    Challenge,
    Chapter,
    ChapterRules,
    CounterStart,
    Deed,
    Effect,
    LoseCondition,
    PieceStart,
    PlotEntry,
    Requirement,
    Reward,
    RingAbility,
    Space,
)
from ..events import PieceLeft, RuleNote
from ..rules.board import (
    Page,
    counters_at,
    counters_on_board,
    move_counter,
    place_counter,
    plot_odds,
    remove_counter,
    reset_piece,
    supply_counter,
    together_space,
)
from ..rules.decisions import push
from ..state import AdventureBookState, Pending

HOBBITS = ("frodo", "sam", "merry", "pippin")
FIGHTERS = ("aragorn", "legolas", "gimli")
FAR = 6
"""Steps beyond which an Orc is no nearer a threat, for the position estimate."""

CHAPTER = Chapter(
    number=4,
    id="the-fellowship-breaks",
    title="The Fellowship Breaks",
    intro=(
        "At Parth Galen, below Amon Hen, the Fellowship must choose its road. Frodo wanders "
        "off to think, the Ring tempts Boromir, and the Uruk-hai of Isengard fall upon them."
    ),
    spaces=(
        Space("parth-galen", "Parth Galen", 2, 4),
        Space("boat-landing", "The Boat Landing", 0, 6),
        Space("western-woods", "The Western Woods", 0, 2, number=1),
        Space("stair", "The Stair of Amon Hen", 3, 2, number=2),
        Space("seat", "The Seat of Seeing", 4, 0),
        Space("ruins", "The Ruins", 7, 1, number=3),
        Space("glade", "The Glade", 5, 3, number=4),
        Space("eastern-woods", "The Eastern Woods", 8, 4, number=5),
        Space("river-bank", "The River Bank", 4, 6),
    ),
    links=(
        ("parth-galen", "boat-landing"),
        ("parth-galen", "western-woods"),
        ("parth-galen", "glade"),
        ("parth-galen", "river-bank"),
        ("western-woods", "stair"),
        ("stair", "seat"),
        ("stair", "glade"),
        ("seat", "ruins"),
        ("ruins", "glade"),
        ("ruins", "eastern-woods"),
        ("glade", "eastern-woods"),
        ("eastern-woods", "river-bank"),
        ("river-bank", "boat-landing"),
    ),
    pieces=(
        PieceStart("frodo", "Frodo", "parth-galen"),
        PieceStart("sam", "Samwise", "parth-galen"),
        PieceStart("merry", "Merry", "parth-galen"),
        PieceStart("pippin", "Pippin", "parth-galen"),
        PieceStart("aragorn", "Aragorn", "parth-galen"),
        PieceStart("legolas", "Legolas", "parth-galen"),
        PieceStart("gimli", "Gimli", "parth-galen"),
    ),
    counters=tuple(CounterStart(f"orc-{n}", "orc", f"Orc {n}") for n in range(1, 6)),
    deeds=(
        Deed(
            "fight-orc",
            "Defeat an Orc",
            "Aragorn, Legolas or Gimli on an Orc's space pays a Combat Skill card: the Orc is "
            "defeated.",
            ("combat",),
            fighters=FIGHTERS,
            target_kind="orc",
        ),
    ),
    challenges=(
        Challenge(
            "seat-of-seeing",
            "The Seat of Seeing",
            (Requirement("at", "Frodo on the Seat of Seeing", ("frodo",), "seat"),),
            ("insight", "mystery", "any"),
            (Reward("special", "draw 1 Special card", 1),),
        ),
        Challenge(
            "hold-the-ruins",
            "Aragorn Holds the Ruins",
            (
                Requirement(
                    "at",
                    "Aragorn, Legolas and Gimli on the Ruins",
                    FIGHTERS,
                    "ruins",
                ),
                Requirement(
                    "flag-at-least",
                    "at least 3 Orcs defeated in this chapter",
                    count=3,
                    key="defeated-orc",
                ),
            ),
            ("combat", "courage"),
            (Reward("story", "draw 2 Story cards", 2),),
        ),
        Challenge(
            "draw-them-off",
            "Merry and Pippin Draw Them Off",
            (
                Requirement(
                    "custom",
                    "Merry and Pippin together on a space with an Orc",
                    ("merry", "pippin"),
                    key="hobbits-with-orc",
                ),
            ),
            ("courage", "courage", "any"),
            (
                Reward(
                    "custom",
                    "the Orcs on their space carry Merry and Pippin away (all leave the board)",
                    key="carried-off",
                ),
            ),
        ),
        Challenge(
            "breaking",
            "The Breaking of the Fellowship",
            (
                Requirement(
                    "at", "Frodo and Samwise on the Boat Landing", ("frodo", "sam"), "boat-landing"
                ),
                Requirement(
                    "none-at", "no Orc on the Boat Landing", space="boat-landing", key="orc"
                ),
            ),
            ("courage", "mystery", "adventure", "any"),
            (Reward("ease", "move the Corruption marker back 1 space", 1),),
            final=True,
        ),
    ),
    plot_chart=(
        PlotEntry(
            1,
            "Uruk-hai in the west: an Orc appears on space 1, then the Uruk-hai hunt.",
            (Effect("orc", 1), Effect("hunt")),
        ),
        PlotEntry(
            2,
            "Uruk-hai at the ruins: an Orc appears on space 3, then the Uruk-hai hunt.",
            (Effect("orc", 3), Effect("hunt")),
        ),
        PlotEntry(
            3,
            "Uruk-hai in the east: an Orc appears on space 5, then the Uruk-hai hunt.",
            (Effect("orc", 5), Effect("hunt")),
        ),
        PlotEntry(
            4,
            "Uruk-hai on the stair: an Orc appears on space 2, then the Uruk-hai hunt.",
            (Effect("orc", 2), Effect("hunt")),
        ),
        PlotEntry(
            5,
            "Horns in the woods: an Orc appears on space 4, then the Uruk-hai hunt.",
            (Effect("orc", 4), Effect("hunt")),
        ),
    ),
    ring_ability=RingAbility(
        "ring-at-amon-hen",
        "The Ring at Amon Hen",
        "Frodo puts on the Ring: move him up to 3 spaces; Orcs cannot see him this turn.",
    ),
    lose_conditions=(
        LoseCondition("frodo-captured", "an Orc caught Frodo with no fighter beside him"),
    ),
    special_rules=(
        "Orcs appear on numbered spaces and may share a space.",
        "Hunting Orcs move 1 space toward the nearest hobbit.",
        "Aragorn, Legolas or Gimli on an Orc's space defeats it for a Combat Skill card.",
        "Frodo may not enter an Orc's space unless a fighter is there.",
        "At the end of a turn, an Orc on Frodo's space with no fighter by him captures him.",
        "An Orc that reaches Samwise sends him back to Parth Galen.",
    ),
)


class BreakingRules(ChapterRules[Page]):
    danger_company = frozenset({"frodo", "sam"})
    blockable = frozenset({"frodo"})

    def orc_spaces(self, page: Page, state: AdventureBookState) -> set[str]:
        return {state.counters[o] for o in counters_on_board(state, page, "orc")}

    def blocked(self, page: Page, state: AdventureBookState, piece: str, space: str) -> bool:
        if piece != "frodo" or state.flags.get("frodo-hidden"):
            return False
        if any(state.pieces.get(f) == space for f in FIGHTERS):
            return False
        return any(state.counters.get(o) == space for o in page.counter_kinds["orc"])

    def blocked_spaces(self, page: Page, state: AdventureBookState, piece: str) -> set[str]:
        """:meth:`blocked` for all spaces at once: the Orcs' spaces without a fighter."""
        orcs: set[str] = set()
        if piece != "frodo" or state.flags.get("frodo-hidden"):
            return orcs
        where = state.counters
        for orc in page.counter_kinds["orc"]:
            spot = where.get(orc)
            if spot:
                orcs.add(spot)
        if orcs:
            pieces = state.pieces
            for fighter in FIGHTERS:
                orcs.discard(pieces.get(fighter, ""))
        return orcs

    def effect(
        self, page: Page, state: AdventureBookState, effect: Effect, events: list[Event]
    ) -> None:
        if effect.kind == "orc":
            counter = supply_counter(state, page, "orc")
            if counter is None:
                events.append(RuleNote("No Orc is left in the supply: none appears."))
                return
            spot = page.numbered[effect.amount]
            place_counter(page, state, counter, spot, events)
            self.reach(page, state, spot, events)
        elif effect.kind == "hunt":
            for orc in counters_on_board(state, page, "orc"):
                spot = self.toward_hobbit(page, state, state.counters[orc])
                if spot != state.counters[orc]:
                    move_counter(page, state, orc, spot, events)
                    self.reach(page, state, spot, events)

    def toward_hobbit(self, page: Page, state: AdventureBookState, here: str) -> str:
        """One step along a shortest path to the nearest hobbit (ties: the first listed
        hobbit, then the first listed neighbour)."""
        targets = [state.pieces[h] for h in HOBBITS if h in state.pieces]
        if not targets or here in targets:
            return here
        away = page.dist.get(here, {})
        goal = min(targets, key=lambda t: away.get(t, 99))
        return _step_toward(page, here, goal)

    def reach(self, page: Page, state: AdventureBookState, spot: str, events: list[Event]) -> None:
        if state.pieces.get("sam") == spot:
            reset_piece(page, state, "sam", "an Orc drives him back", events)

    def check(self, page: Page, state: AdventureBookState) -> str:
        return "frodo-captured" if state.flags.get("frodo-captured") else ""

    def requirement(self, page: Page, state: AdventureBookState, req: Requirement) -> bool:
        """The pieces together on a space with an Orc (asked at every Storytelling step: the
        first piece's space decides at once when the others stand elsewhere)."""
        where = state.pieces
        spot = where.get(req.pieces[0]) if req.pieces else None
        if spot is None:
            return False
        for piece in req.pieces:
            if where.get(piece) != spot:
                return False
        return bool(counters_at(state, page, "orc", spot))

    def reward(
        self, page: Page, state: AdventureBookState, reward: Reward, events: list[Event]
    ) -> None:
        spot = together_space(state, ("merry", "pippin"))
        if spot is None:
            return
        for orc in counters_at(state, page, "orc", spot):
            remove_counter(page, state, orc, "they carry Merry and Pippin away", events)
        for hobbit in ("merry", "pippin"):
            del state.pieces[hobbit]
            events.append(PieceLeft(hobbit, page.piece_name(hobbit)))

    def ring_targets(self, page: Page, state: AdventureBookState) -> Sequence[str | None]:
        return [None] if "frodo" in state.pieces else []

    def ring(
        self, page: Page, state: AdventureBookState, target: str | None, events: list[Event]
    ) -> None:
        state.flags["frodo-hidden"] = 1
        push(
            state,
            [Pending("steps", state.seat, amount=3, lock=True, piece="frodo", source="ring")],
            front=True,
        )

    def end_turn(self, page: Page, state: AdventureBookState, events: list[Event]) -> None:
        """At the end of every turn an Orc on Frodo's space captures him, unless a fighter
        stands with him or he is invisible this turn."""
        frodo = state.pieces.get("frodo")
        guarded = any(state.pieces.get(f) == frodo for f in FIGHTERS)
        hidden = state.flags.get("frodo-hidden")
        if frodo and not guarded and not hidden and counters_at(state, page, "orc", frodo):
            state.flags["frodo-captured"] = 1
        state.flags.pop("frodo-hidden", None)

    def goals(self, page: Page, state: AdventureBookState, challenge: Challenge) -> dict[str, str]:
        if challenge.id != "draw-them-off":
            return {}
        orcs = self.orc_spaces(page, state)
        if not orcs:
            return {}
        here = state.pieces.get("merry", "parth-galen")
        nearest = min(sorted(orcs), key=lambda s: page.distance(here, s))
        return {"merry": nearest, "pippin": nearest}

    def danger(
        self,
        page: Page,
        state: AdventureBookState,
        piece: str,
        space: str,
        company: frozenset[str] = frozenset(),
    ) -> float:
        if piece not in ("frodo", "sam") or company & set(FIGHTERS):
            return 0.0
        if piece == "frodo" and state.flags.get("frodo-hidden"):
            return 0.0
        near_orc = any(page.distance(o, space) <= 1 for o in self.orc_spaces(page, state))
        here = space in self.orc_spaces(page, state)
        chance = 0.0
        for value, odd in plot_odds(state).items():
            effects = page.plot[value].effects
            placed = [page.numbered[e.amount] for e in effects if e.kind == "orc"]
            hunts = any(e.kind == "hunt" for e in effects)
            if (
                here
                or space in placed
                or (hunts and (near_orc or any(page.distance(p, space) <= 1 for p in placed)))
            ):
                chance += odd
        if piece == "frodo":
            return 150.0 * min(chance, 1.0)
        return 4.0 * chance * page.distance(space, "parth-galen")

    feature_names = ("Orcs on the board", "steps from the nearest Orc to Frodo unguarded")

    def features(self, page: Page, state: AdventureBookState) -> tuple[float, ...]:
        orcs = self.orc_spaces(page, state)
        frodo = state.pieces.get("frodo")
        guarded = any(state.pieces.get(f) == frodo for f in FIGHTERS)
        near = FAR
        if frodo and not guarded and orcs:
            near = min(FAR, *(page.distance(o, frodo) for o in orcs))
        return (float(len(counters_on_board(state, page, "orc"))), float(near))

    def ring_advice(self, page: Page, state: AdventureBookState) -> list[str | None]:
        frodo = state.pieces.get("frodo")
        if frodo and self.danger(page, state, "frodo", frodo) >= 120:
            return [None]
        return []


@lru_cache(maxsize=4096)
def _step_toward(page: Page, here: str, goal: str) -> str:
    """The first of ``here``'s neighbours nearest to ``goal`` (``here`` if none is nearer);
    kept per page and pair of spaces: every Orc asks at every hunt, and the board is small."""
    best = here
    for spot in page.adj[here]:
        if page.distance(spot, goal) < page.distance(best, goal):
            best = spot
    return best


RULES = BreakingRules()
