"""Chapter 6, Battle of Helm's Deep: one night on the Deeping Wall, and the White Rider at dawn.

Saruman's host marches up the Deeping Coomb against the Hornburg. Aragorn and Gimli sally
from the postern to drive the rams off the Causeway, Legolas and Gimli keep count of their
Orcs on the Deeping Wall, the Horn of Helm sounds from the tower, and at first light Gandalf
comes over the eastern hill and rides down into the Coomb with Aragorn.

Special rules (code below):

* **Orcs** appear on numbered spaces (several may share one, AB-A34). Pieces move onto and
  off Orc spaces freely; an Orc is only beaten by defeating it (FAQ, AB-A50). A fighter
  (Aragorn, Legolas, Gimli, or Gandalf once he has come) on an Orc's space defeats it for a
  Combat Skill card; Aragorn and Gandalf may instead lead a charge for a Courage card.
  Defeated Orcs go back to the supply.
* **The supply is six Orcs.** If an Orc must be placed and all six are on the board, the
  chapter is lost (FAQ). This is a generic lose condition (``exhausted``), AB-A33, AB-A51.
* When the Orcs **storm**, every Orc moves 1 space toward the Hornburg, except Orcs that share
  a space with a fighter: the defenders hold them (AB-A52). Three Orcs in the Hornburg at once
  and the keep falls: the chapter is lost.
* **The Ring calls to the Uruk-hai**: at the end of a turn, one Orc from the supply appears
  in the Hornburg for every One Ring card used that turn in any way (AB-A18), except the cards
  spent on the chapter's One Ring ability (AB-A54). Saruman's host was bred to hunt the Ring;
  this is also what makes careless Ring use lose the chapter.
* **The Tower of the Horn** is climbed by paying a Courage card (AB-A10).
* **Gandalf** is off the board until the Horn of Helm sounds; then he comes on the Eastern
  Hill and moves like any character piece (AB-A8, AB-A53).
* **One Ring ability**: far away, Frodo is drawn to the Ring and the Eye turns from Helm's
  Deep: remove one Orc from the board (this card calls no Orc).
"""

from __future__ import annotations

from collections.abc import Sequence

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
from ..events import RuleNote
from ..rules.board import (
    Page,
    counters_at,
    counters_on_board,
    move_counter,
    plot_odds,
    remove_counter,
    supply_counter,
)
from ..rules.supply import place_from_supply
from ..state import AdventureBookState

FIGHTERS = ("aragorn", "legolas", "gimli", "gandalf")
KEEP = "hornburg"
FALLS_AT = 3
"""Orcs in the Hornburg at once that take the keep (designed)."""
CONTEST_DEFEATS = 3
"""Orcs to defeat before A Friendly Contest (designed)."""
RING_MARK = "ring-mark"
"""Flag: the Corruption marker's space when the turn began, less the cards the One Ring
ability used (they call no Orc)."""

CHAPTER = Chapter(
    number=6,
    id="battle-of-helms-deep",
    title="Battle of Helm's Deep",
    intro=(
        "Théoden leads his people into the Hornburg, and ten thousand Uruk-hai of Isengard "
        "come up the Deeping Coomb in the rain. The wall must hold until dawn."
    ),
    spaces=(
        Space("glittering-caves", "The Glittering Caves", 0, 1),
        Space(KEEP, "The Hornburg", 2, 3),
        Space("tower", "The Tower of the Horn", 0, 5, cost=("courage",)),
        Space("gate", "The Great Gate", 4, 1),
        Space("causeway", "The Causeway", 7, 0, number=1),
        Space("deeping-wall", "The Deeping Wall", 5, 4, number=2),
        Space("culvert", "The Culvert", 8, 6, number=3),
        Space("dike", "Helm's Dike", 10, 3, number=4),
        Space("coomb", "The Deeping Coomb", 12, 5, number=5),
        Space("eastern-hill", "The Eastern Hill", 14, 2),
    ),
    links=(
        ("glittering-caves", KEEP),
        ("glittering-caves", "tower"),
        (KEEP, "tower"),
        (KEEP, "gate"),
        (KEEP, "deeping-wall"),
        ("gate", "causeway"),
        ("deeping-wall", "culvert"),
        ("causeway", "dike"),
        ("culvert", "dike"),
        ("dike", "coomb"),
        ("dike", "eastern-hill"),
        ("coomb", "eastern-hill"),
    ),
    pieces=(
        PieceStart("aragorn", "Aragorn", KEEP),
        PieceStart("legolas", "Legolas", KEEP),
        PieceStart("gimli", "Gimli", KEEP),
        PieceStart("gandalf", "Gandalf", "", counter=True),
    ),
    counters=tuple(CounterStart(f"orc-{n}", "orc", f"Orc {n}") for n in range(1, 7)),
    deeds=(
        Deed(
            "fight-orc",
            "Defeat an Orc",
            "A fighter on an Orc's space pays a Combat Skill card: the Orc goes back to the "
            "supply.",
            ("combat",),
            fighters=FIGHTERS,
            target_kind="orc",
        ),
        Deed(
            "lead-a-charge",
            "Lead a charge",
            "Aragorn or Gandalf on an Orc's space pays a Courage card: the Orc goes back to the "
            "supply.",
            ("courage",),
            fighters=("aragorn", "gandalf"),
            target_kind="orc",
        ),
    ),
    challenges=(
        Challenge(
            "postern-sally",
            "Out of the Postern Door",
            (
                Requirement(
                    "at", "Aragorn and Gimli on the Causeway", ("aragorn", "gimli"), "causeway"
                ),
            ),
            ("adventure", "courage"),
            (
                Reward(
                    "custom",
                    "the Orcs on the Causeway are thrown back (they return to the supply)",
                    key="clear-causeway",
                ),
                Reward("story", "draw 1 Story card", 1),
            ),
        ),
        Challenge(
            "friendly-contest",
            "A Friendly Contest",
            (
                Requirement(
                    "at",
                    "Legolas and Gimli on the Deeping Wall",
                    ("legolas", "gimli"),
                    "deeping-wall",
                ),
                Requirement(
                    "flag-at-least",
                    f"at least {CONTEST_DEFEATS} Orcs defeated in this chapter",
                    count=CONTEST_DEFEATS,
                    key="defeated-orc",
                ),
            ),
            ("insight", "any"),
            (Reward("story", "draw 2 Story cards", 2),),
        ),
        Challenge(
            "horn-of-helm",
            "The Horn of Helm",
            (
                Requirement("at", "Gimli in the Tower of the Horn", ("gimli",), "tower"),
                Requirement("at", "Aragorn on the Great Gate", ("aragorn",), "gate"),
                Requirement("none-at", "no Orc in the Hornburg", space=KEEP, key="orc"),
            ),
            ("courage", "mystery", "any"),
            (
                Reward(
                    "join",
                    "Gandalf comes at first light on the Eastern Hill",
                    key="gandalf",
                    space="eastern-hill",
                ),
            ),
        ),
        Challenge(
            "look-to-my-coming",
            "Look to My Coming",
            (
                Requirement(
                    "at",
                    "Gandalf and Aragorn in the Deeping Coomb",
                    ("gandalf", "aragorn"),
                    "coomb",
                ),
            ),
            ("courage", "insight", "adventure", "any", "any"),
            (Reward("ease", "dawn: move the Corruption marker back 1 space", 1),),
            final=True,
        ),
    ),
    plot_chart=(
        PlotEntry(
            1,
            "Uruk-hai over Helm's Dike: an Orc appears on space 4.",
            (Effect("place-counter", 4, key="orc"),),
        ),
        PlotEntry(
            2,
            "Ladders against the Deeping Wall: an Orc appears on space 2.",
            (Effect("place-counter", 2, key="orc"),),
        ),
        PlotEntry(
            3,
            "Rams on the Causeway: an Orc appears on space 1, then the Orcs storm.",
            (Effect("place-counter", 1, key="orc"), Effect("storm")),
        ),
        PlotEntry(
            4,
            "Saruman's fire blasts the Culvert: an Orc appears on space 3.",
            (Effect("place-counter", 3, key="orc"),),
        ),
        PlotEntry(
            5,
            "Arrows in the rain: the active player discards 2 cards, then the Orcs storm.",
            (Effect("active-discard", 2), Effect("storm")),
        ),
    ),
    ring_ability=RingAbility(
        "eye-turns-away",
        "The Eye turns away",
        "Far away Frodo is drawn to the Ring, and the Eye leaves Helm's Deep for a moment: "
        "remove one Orc from the board; this card calls no Orc to the Hornburg.",
    ),
    lose_conditions=(
        LoseCondition(
            "orc-host",
            "an Orc had to be placed with all six already on the board",
            "rulebook",
            exhausted="orc",
        ),
        LoseCondition("hornburg-falls", "three Orcs stood in the Hornburg at once"),
    ),
    special_rules=(
        "Orcs appear on numbered spaces and may share a space.",
        "Pieces move onto and off Orc spaces freely; only a deed defeats an Orc.",
        "A fighter on an Orc's space defeats it for a Combat Skill card, Aragorn or Gandalf "
        "also for a Courage card.",
        "An Orc that must be placed with all six on the board: the chapter is lost.",
        "Storming Orcs move 1 space toward the Hornburg, unless a fighter holds their space.",
        "Three Orcs in the Hornburg at once: the chapter is lost.",
        "Each One Ring card used (but for the ability) calls an Orc into the Hornburg at the "
        "end of the turn.",
        "The Tower of the Horn is climbed by paying a Courage card.",
        "Gandalf comes on the Eastern Hill when the Horn of Helm sounds.",
    ),
)


class HelmsDeepRules(ChapterRules[Page]):
    def setup(self, page: Page, state: AdventureBookState) -> None:
        state.flags[RING_MARK] = state.corruption

    def end_turn(self, page: Page, state: AdventureBookState, events: list[Event]) -> None:
        """One Orc enters the Hornburg for each One Ring card used this turn (AB-A54). The
        marker's advance since the turn began counts them: nothing in this chapter moves it
        back before the final Challenge ends the attempt."""
        called = state.corruption - state.flags.get(RING_MARK, state.corruption)
        for _ in range(called):
            events.append(
                RuleNote("The Ring calls to the Uruk-hai: an Orc slips into the Hornburg.")
            )
            place_from_supply(page, state, "orc", KEEP, events)
            if state.result:
                return
        state.flags[RING_MARK] = state.corruption

    def effect(
        self, page: Page, state: AdventureBookState, effect: Effect, events: list[Event]
    ) -> None:
        if effect.kind == "storm":
            self.storm(page, state, events)

    def storm(self, page: Page, state: AdventureBookState, events: list[Event]) -> None:
        """Every Orc not held by a fighter moves 1 space toward the Hornburg (AB-A52)."""
        held = {state.pieces[f] for f in FIGHTERS if f in state.pieces}
        moved = False
        for orc in counters_on_board(state, page, "orc"):
            here = state.counters[orc]
            if here in held or here == KEEP:
                continue
            move_counter(page, state, orc, self.toward_keep(page, here), events)
            moved = True
        if not moved:
            events.append(RuleNote("The defenders hold: no Orc moves."))

    @staticmethod
    def toward_keep(page: Page, here: str) -> str:
        """The first listed neighbour on a shortest path to the Hornburg."""
        return min(page.adj[here], key=lambda s: page.distance(s, KEEP))

    def check(self, page: Page, state: AdventureBookState) -> str:
        in_keep = counters_at(state, page, "orc", KEEP)
        return "hornburg-falls" if len(in_keep) >= FALLS_AT else ""

    def reward(
        self, page: Page, state: AdventureBookState, reward: Reward, events: list[Event]
    ) -> None:
        for orc in counters_at(state, page, "orc", "causeway"):
            remove_counter(page, state, orc, "thrown back from the Causeway", events)

    def ring_targets(self, page: Page, state: AdventureBookState) -> Sequence[str | None]:
        return counters_on_board(state, page, "orc")

    def ring(
        self, page: Page, state: AdventureBookState, target: str | None, events: list[Event]
    ) -> None:
        if target:
            remove_counter(page, state, target, "the Eye turns away", events)
        # The Eye looks elsewhere: the card paid for this calls no Orc at the turn's end.
        state.flags[RING_MARK] = state.flags.get(RING_MARK, 0) + 1

    # -- hints for the heuristic bot -------------------------------------------------------

    def threat(self, page: Page, state: AdventureBookState) -> list[str]:
        """The Orcs on the board, the nearest to the Hornburg first."""
        orcs = counters_on_board(state, page, "orc")
        return sorted(orcs, key=lambda o: (page.distance(state.counters[o], KEEP), o))

    def goals(self, page: Page, state: AdventureBookState, challenge: Challenge) -> dict[str, str]:
        # Legolas hunts the Orc nearest the keep, except when the Contest waits only for
        # him and Gimli to stand on the Wall.
        contest_ready = state.flags.get("defeated-orc", 0) >= CONTEST_DEFEATS
        if contest_ready and "friendly-contest" not in state.completed:
            return {}
        orcs = self.threat(page, state)
        return {"legolas": state.counters[orcs[0]]} if orcs else {}

    def danger(
        self,
        page: Page,
        state: AdventureBookState,
        piece: str,
        space: str,
        company: frozenset[str] = frozenset(),
    ) -> float:
        # Not a danger to the piece: an Orc worth defeating now (the deed becomes urgent),
        # when the supply runs low or the Orc stands at the keep.
        orcs = counters_at(state, page, "orc", space)
        if not orcs:
            return 0.0
        low = (
            supply_counter(state, page, "orc") is None
            or len(counters_on_board(state, page, "orc")) >= 4
        )
        return 0.5 if low or page.distance(space, KEEP) <= 1 else 0.0

    def ring_advice(self, page: Page, state: AdventureBookState) -> list[str | None]:
        orcs = self.threat(page, state)
        if not orcs:
            return []
        odds = plot_odds(state)
        places = sum(
            odds.get(entry.value, 0.0)
            for entry in page.chapter.plot_chart
            if any(e.kind == "place-counter" for e in entry.effects)
        )
        storms = sum(
            odds.get(entry.value, 0.0)
            for entry in page.chapter.plot_chart
            if any(e.kind == "storm" for e in entry.effects)
        )
        full = supply_counter(state, page, "orc") is None
        near = [o for o in orcs if page.distance(state.counters[o], KEEP) <= 1]
        if (full and places >= 0.3) or (len(near) >= FALLS_AT and storms >= 0.3):
            return [orcs[0]]
        return []


RULES = HelmsDeepRules()
