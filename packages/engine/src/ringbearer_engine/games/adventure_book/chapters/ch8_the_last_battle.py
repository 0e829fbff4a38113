"""Chapter 8, The Last Battle: the Captains of the West before the Black Gate, the Ring-bearers
on Mount Doom.

Aragorn leads the last army of the West to the Morannon to draw the Eye away from Mordor,
while Frodo and Sam cross Gorgoroth and climb to the Crack of Doom with Gollum on their heels.
Winning this chapter destroys the Ring and wins the campaign.

Special rules (code below):

* **Orcs** enter face down on numbered spaces (face-down ones from the supply first) and may
  share a space. When the Orcs strike, each Orc knocks one standing piece on its space down
  onto its side (AB-A74). A piece lying on its side cannot move, help complete a Challenge or
  fight (FAQ); standing it up costs one single step (``rise``, AB-A71). If an Orc must be
  placed and every Orc is on the board, the host of Mordor overruns the Captains: the chapter
  is lost. That is all six, or the five left once Gandalf has come out (AB-A77).
* **Gandalf** is hidden on the back of one Orc counter (FAQ, AB-A35). A fighter on an Orc's
  space defeats it for any card and turns it over (AB-A70); when Gandalf shows, he joins the
  board there and from then on fights, lifts the fallen on every space he enters (they stand
  up), and is never knocked down himself.
* **Footprints** stand on Sammath Naur: each covers one One Ring symbol of the final
  Challenge. Challenges put them there, and so does drawing the Eye at the Black Gate; the
  searching Eye takes them away again. A One Ring symbol left uncovered is paid with a One
  Ring card, and that card moves the Corruption marker like any other (FAQ, AB-A72).
* **Gollum** creeps toward Frodo. When he reaches Frodo's space Frodo is knocked down; if at
  the end of a turn Gollum is on Frodo's space and Samwise is not there, Gollum takes
  the Ring: the chapter is lost (AB-A73). The final Challenge needs him in or next to Sammath
  Naur: his fall ends the Ring.
* **Sammath Naur** is entered by Frodo and Samwise only, each paying any card (AB-A10).
* **The Crack of Doom** takes two Courage cards, one for each Ring-bearer's last strength, on
  top of its One Ring symbols (designed, so that chapter 8 stays the hardest chapter for good
  play, the search bot's too).
* **The Ring's call** (AB-A76): every One Ring card played by choice draws Gollum 1 space
  toward Frodo, at once (chapter data, :class:`~..chapter.RingCall`).
* **One Ring ability**: the Ring calls to Gollum: with its card's call he creeps up to 2
  spaces toward Frodo.
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
    Hidden,
    LoseCondition,
    PieceStart,
    PlotEntry,
    Requirement,
    Reward,
    RingAbility,
    RingCall,
    Space,
)
from ..events import RuleNote
from ..rules.board import (
    Page,
    counters_at,
    counters_on_board,
    knock_down,
    move_counter,
    place_counter,
    plot_odds,
    remove_counter,
    stand_up,
    supply_counter,
)
from ..rules.ending import lose
from ..state import AdventureBookState

FIGHTERS = ("aragorn", "legolas", "gimli", "merry", "pippin", "gandalf")
CREW = ("aragorn", "legolas", "gimli", "merry", "pippin")
CRACK = "sammath-naur"
FAR = 6
"""Steps beyond which Gollum is no nearer, for the position estimate."""
GATE = "morannon"
RING_SYMBOLS = 3
"""One Ring symbols printed on the final Challenge (as many as there are Footprints)."""
LAST_STRENGTH = ("courage", "courage")
"""The final Challenge's ordinary symbols: a Courage card for Frodo and one for Samwise. With
Courage and any card, search play won three attempts in four and chapter 8 was no longer the
hardest chapter (issue 35); the second Courage is asked on the very last turns, where a search
rescued the attempts the heuristic lost."""

OVERRUN = (
    "an Orc had to be placed with every Orc on the board (all six, or five once Gandalf has "
    "come out)"
)
"""The words of the host's overrun, true before Gandalf's Orc is found and after (AB-A77):
the counter that showed him has left the game, so five Orcs on the board are all of them."""


CHAPTER = Chapter(
    number=8,
    id="the-last-battle",
    title="The Last Battle",
    intro=(
        "The Captains of the West march on the Black Gate with a small army, to turn the Eye "
        "away from Mordor. Far inside, Frodo and Sam drag themselves across the ash toward "
        "the Mountain of Fire, and Gollum follows them."
    ),
    spaces=(
        Space("camp", "The Camp of the West", 0, 3),
        Space("slag-hills", "The Slag Hills", 2, 0, number=1),
        Space("hill-of-ash", "The Hill of Ash", 2, 6, number=2),
        Space(GATE, "Before the Black Gate", 4, 3, number=3),
        Space("udun", "The Vale of Udûn", 6, 1, number=4),
        Space("cirith-ungol", "The Tower of Cirith Ungol", 6, 6),
        Space("isenmouthe", "The Isenmouthe", 8, 2, number=5),
        Space("morgai", "The Morgai", 8, 5),
        Space("gorgoroth", "The Plateau of Gorgoroth", 10, 4, number=6),
        Space("slopes", "The Slopes of Mount Doom", 11, 2),
        Space(CRACK, "Sammath Naur", 12, 0, cost=("any",), only=("frodo", "sam")),
    ),
    links=(
        ("camp", "slag-hills"),
        ("camp", "hill-of-ash"),
        ("slag-hills", GATE),
        ("hill-of-ash", GATE),
        (GATE, "udun"),
        ("udun", "isenmouthe"),
        ("cirith-ungol", "morgai"),
        ("cirith-ungol", "isenmouthe"),
        ("morgai", "gorgoroth"),
        ("isenmouthe", "gorgoroth"),
        ("isenmouthe", "slopes"),
        ("gorgoroth", "slopes"),
        ("slopes", CRACK),
    ),
    pieces=(
        PieceStart("frodo", "Frodo", "cirith-ungol"),
        PieceStart("sam", "Samwise", "cirith-ungol"),
        PieceStart("aragorn", "Aragorn", "camp"),
        PieceStart("legolas", "Legolas", "camp"),
        PieceStart("gimli", "Gimli", "camp"),
        PieceStart("merry", "Merry", "camp"),
        PieceStart("pippin", "Pippin", "camp"),
        PieceStart("gandalf", "Gandalf", "", counter=True),
    ),
    counters=(
        CounterStart("gollum", "gollum", "Gollum", "slopes"),
        *(CounterStart(f"footprint-{n}", "footprint", f"Footprint {n}") for n in range(1, 4)),
        CounterStart("orc-1", "orc", "Orc 1", GATE, face_down=True),
        CounterStart("orc-2", "orc", "Orc 2", "slag-hills", face_down=True),
        *(CounterStart(f"orc-{n}", "orc", f"Orc {n}", face_down=True) for n in range(3, 7)),
    ),
    hidden=(Hidden("gandalf", "orc"),),
    deeds=(
        Deed(
            "fight-orc",
            "Defeat an Orc",
            "A standing fighter on an Orc's space pays any card: the Orc is defeated "
            "and turned over (one of them hides Gandalf).",
            ("any",),
            fighters=FIGHTERS,
            target_kind="orc",
        ),
        Deed(
            "draw-the-eye",
            "Draw the Eye",
            "A standing companion before the Black Gate with no Orc there pays Courage and "
            "any card: a Footprint from the supply is placed on Sammath Naur.",
            ("courage", "any"),
        ),
    ),
    challenges=(
        Challenge(
            "captains-at-the-gate",
            "The Captains at the Gate",
            (
                Requirement(
                    "at",
                    "Aragorn, Legolas and Gimli before the Black Gate",
                    ("aragorn", "legolas", "gimli"),
                    GATE,
                ),
            ),
            ("courage", "combat"),
            (Reward("counter", "a Footprint on Sammath Naur", key="footprint", space=CRACK),),
        ),
        Challenge(
            "the-white-rider",
            "The White Rider",
            (
                Requirement(
                    "at",
                    "Gandalf and Pippin on the Hill of Ash",
                    ("gandalf", "pippin"),
                    "hill-of-ash",
                ),
            ),
            ("insight", "mystery"),
            (
                Reward("counter", "a Footprint on Sammath Naur", key="footprint", space=CRACK),
                Reward("story", "draw 1 Story card", 1),
            ),
        ),
        Challenge(
            "i-can-carry-you",
            "I Can Carry You",
            (
                Requirement(
                    "at",
                    "Frodo and Samwise on the Slopes of Mount Doom",
                    ("frodo", "sam"),
                    "slopes",
                ),
            ),
            ("courage", "any"),
            (Reward("counter", "a Footprint on Sammath Naur", key="footprint", space=CRACK),),
        ),
        Challenge(
            "the-crack-of-doom",
            "The Crack of Doom",
            (
                Requirement("at", "Frodo and Samwise in Sammath Naur", ("frodo", "sam"), CRACK),
                Requirement(
                    "counter-near", "Gollum in or next to Sammath Naur", space=CRACK, key="gollum"
                ),
            ),
            (*LAST_STRENGTH, *("ring",) * RING_SYMBOLS),
            final=True,
            covered_by="footprint",
        ),
    ),
    plot_chart=(
        PlotEntry(
            1,
            "The Black Gate opens: an Orc appears on space 3, then the Orcs strike.",
            (Effect("orc", 3), Effect("strike")),
        ),
        PlotEntry(
            2,
            "Orcs on the Hill of Ash: an Orc appears on space 2; Gollum creeps 1 space toward "
            "Frodo.",
            (Effect("orc", 2), Effect("gollum", 1)),
        ),
        PlotEntry(
            3,
            "The Eye searches Mordor: a Footprint is removed; Gollum creeps 1 space toward Frodo.",
            (Effect("search"), Effect("gollum", 1)),
        ),
        PlotEntry(
            4,
            "Orcs march in Mordor: an Orc appears on space 5; Gollum creeps 1 space toward Frodo.",
            (Effect("orc", 5), Effect("gollum", 1)),
        ),
        PlotEntry(
            5,
            "The Nazgûl swoop: an Orc appears on space 1, then the Orcs strike.",
            (Effect("orc", 1), Effect("strike")),
        ),
    ),
    ring_ability=RingAbility(
        "precious",
        "Precious",
        "The Ring calls to Gollum: with its card's call he creeps up to 2 spaces toward Frodo.",
    ),
    ring_call=RingCall(
        "gollum-hears-the-ring",
        "The Ring calls to Gollum: he creeps 1 space toward Frodo.",
        (Effect("gollum", 1),),
    ),
    lose_conditions=(
        LoseCondition("host-overruns", OVERRUN),
        LoseCondition(
            "gollum-takes-the-ring",
            "Gollum ended a turn on Frodo's space without Samwise by him",
        ),
    ),
    special_rules=(
        "Orcs enter face down on numbered spaces, face-down ones first, and may share a space.",
        "When the Orcs strike, each Orc knocks down one standing piece on its space.",
        "A piece on its side cannot move, complete a Challenge or fight; standing up costs a "
        "single step.",
        "A standing fighter on an Orc's space defeats it for any card and turns it over; "
        "Gandalf hides on the back of one Orc and joins where it fell.",
        "Gandalf lifts the fallen on every space he enters and is never knocked down.",
        "Each Footprint on Sammath Naur covers one One Ring symbol of the final Challenge.",
        "Only Frodo and Samwise enter Sammath Naur, each by paying its printed card (any card).",
        "The Crack of Doom takes two Courage cards, one for each Ring-bearer, besides its One "
        "Ring symbols.",
        "Gollum creeps toward Frodo and knocks him down when he reaches him.",
        "Gollum on Frodo's space at the end of a turn without Samwise there: lost.",
        "Every One Ring card played by choice draws Gollum 1 space toward Frodo.",
    ),
)


def fresh_orc(page: Page, state: AdventureBookState) -> str | None:
    """The Orc to place: a face-down one from the supply while any is left (so that Gandalf
    can come out), else a defeated one."""
    for orc in page.counter_kinds["orc"]:
        if state.counters.get(orc) == "" and orc in state.face_down:
            return orc
    return supply_counter(state, page, "orc")


class LastBattleRules(ChapterRules[Page]):
    def deed_target_names(self, page: Page, deed: Deed) -> tuple[str, ...]:
        return ("eye",) if deed.id == "draw-the-eye" else ()

    danger_company = frozenset({"frodo"})

    # -- the Orcs and the fallen --------------------------------------------------------------

    def effect(
        self, page: Page, state: AdventureBookState, effect: Effect, events: list[Event]
    ) -> None:
        if effect.kind == "orc":
            counter = fresh_orc(page, state)
            if counter is None:
                lose(state, "host-overruns", page.lose_texts["host-overruns"], events)
                return
            place_counter(page, state, counter, page.numbered[effect.amount], events)
        elif effect.kind == "strike":
            self.strike(page, state, events)
        elif effect.kind == "search":
            prints = counters_on_board(state, page, "footprint")
            if prints:
                remove_counter(page, state, prints[-1], "the Eye searches", events)
            else:
                events.append(RuleNote("The Eye searches, but finds no Footprint."))
        elif effect.kind == "gollum":
            self.creep(page, state, effect.amount, events)

    def strike(self, page: Page, state: AdventureBookState, events: list[Event]) -> None:
        """Each Orc knocks down one standing piece on its space, in the page's order of the
        pieces (Gandalf is never knocked down)."""
        for orc in counters_on_board(state, page, "orc"):
            where = state.counters[orc]
            for piece in page.pieces:
                if piece == "gandalf" or state.pieces.get(piece) != where:
                    continue
                if piece not in state.down:
                    knock_down(page, state, piece, "the Orcs strike", events)
                    break

    def on_enter(
        self, page: Page, state: AdventureBookState, piece: str, space: str, events: list[Event]
    ) -> None:
        if piece == "gandalf":
            self.lift(page, state, space, events)

    def on_reveal(
        self, page: Page, state: AdventureBookState, counter: str, events: list[Event]
    ) -> None:
        where = state.pieces.get("gandalf")
        if where:
            self.lift(page, state, where, events)

    def lift(self, page: Page, state: AdventureBookState, space: str, events: list[Event]) -> None:
        for fallen in list(state.down):
            if state.pieces.get(fallen) == space:
                stand_up(page, state, fallen, "Gandalf lifts the fallen", events)

    # -- Gollum -----------------------------------------------------------------------------

    def creep(
        self, page: Page, state: AdventureBookState, amount: int, events: list[Event]
    ) -> None:
        """Gollum walks toward Frodo along the paths (Sammath Naur's cost does not stop him)."""
        frodo = state.pieces.get("frodo")
        for _ in range(amount):
            here = state.counters["gollum"]
            if not frodo or here == frodo:
                return
            there = min(page.adj[here], key=lambda s: (page.distance(s, frodo), s))
            move_counter(page, state, "gollum", there, events)
            if there == frodo:
                knock_down(page, state, "frodo", "Gollum leaps on him", events)

    def end_turn(self, page: Page, state: AdventureBookState, events: list[Event]) -> None:
        frodo = state.pieces.get("frodo")
        if frodo and state.counters.get("gollum") == frodo and state.pieces.get("sam") != frodo:
            state.flags["ring-taken"] = 1

    def check(self, page: Page, state: AdventureBookState) -> str:
        return "gollum-takes-the-ring" if state.flags.get("ring-taken") else ""

    # -- drawing the Eye ----------------------------------------------------------------------

    def deed_targets(self, page: Page, state: AdventureBookState, deed: Deed) -> list[str]:
        if deed.id != "draw-the-eye" or supply_counter(state, page, "footprint") is None:
            return []
        if counters_at(state, page, "orc", GATE):
            return []
        standing = [p for p in CREW if state.pieces.get(p) == GATE and p not in state.down]
        return ["eye"] if standing else []

    def deed(
        self, page: Page, state: AdventureBookState, deed: Deed, target: str, events: list[Event]
    ) -> None:
        footprint = supply_counter(state, page, "footprint")
        if footprint is not None:
            place_counter(page, state, footprint, CRACK, events)

    # -- the One Ring -------------------------------------------------------------------------

    def ring_targets(self, page: Page, state: AdventureBookState) -> Sequence[str | None]:
        frodo = state.pieces.get("frodo")
        return [None] if frodo and state.counters.get("gollum") != frodo else []

    def ring(
        self, page: Page, state: AdventureBookState, target: str | None, events: list[Event]
    ) -> None:
        # The card's own call (the chapter's RingCall) has already drawn him one space.
        self.creep(page, state, 1, events)

    # -- hints for the heuristic bot ------------------------------------------------------------

    def goals(self, page: Page, state: AdventureBookState, challenge: Challenge) -> dict[str, str]:
        orcs = sorted({state.counters[o] for o in counters_on_board(state, page, "orc")})

        def hunt(pieces: Sequence[str], fallback: str = "") -> dict[str, str]:
            found = {
                p: min(orcs, key=lambda s: (page.distance(state.pieces[p], s), s))
                for p in pieces
                if p in state.pieces and orcs
            }
            if not orcs and fallback:
                found = {p: fallback for p in pieces if p in state.pieces}
            return found

        if challenge.id == "the-white-rider" and "gandalf" not in state.pieces:
            return hunt(("merry", "pippin"))
        if challenge.id == "the-crack-of-doom":
            return {"frodo": CRACK, "sam": CRACK, **hunt(FIGHTERS, GATE)}
        return {}

    def danger(
        self,
        page: Page,
        state: AdventureBookState,
        piece: str,
        space: str,
        company: frozenset[str] = frozenset(),
    ) -> float:
        if piece == "gandalf":
            return 0.0
        odds = plot_odds(state)
        striking = odds.get(1, 0.0) + odds.get(5, 0.0)
        orcs = {state.counters[o] for o in counters_on_board(state, page, "orc")}
        danger = 0.0
        if space in orcs:
            danger += 6.0 * striking
        elif space == GATE:
            danger += 6.0 * odds.get(1, 0.0)
        if piece == "frodo":
            gollum = state.counters.get("gollum", "")
            creeping = odds.get(3, 0.0) + odds.get(4, 0.0)
            guarded = "sam" in company
            if gollum == space and not guarded:
                danger += 150.0  # lost when the turn ends
            elif gollum and page.distance(gollum, space) <= 1:
                danger += (8.0 if guarded else 150.0) * creeping
        return danger

    # -- the position estimate --------------------------------------------------------------

    feature_names = (
        "Orcs left in the supply",
        "Gollum's steps to Frodo",
        "Gollum's steps to Sammath Naur",
        "Footprints on Sammath Naur",
    )

    def features(self, page: Page, state: AdventureBookState) -> tuple[float, ...]:
        # The host overruns the Captains when an Orc must come and none is left to place.
        supply = sum(state.counters.get(o) == "" for o in page.counter_kinds["orc"])
        gollum = state.counters.get("gollum", "")
        frodo = state.pieces.get("frodo")
        to_frodo = min(FAR, page.distance(gollum, frodo)) if gollum and frodo else FAR
        to_crack = min(FAR, page.distance(gollum, CRACK)) if gollum else FAR
        prints = len(counters_on_board(state, page, "footprint"))
        return (float(supply), float(to_frodo), float(to_crack), float(prints))

    def ring_advice(self, page: Page, state: AdventureBookState) -> list[str | None]:
        frodo, sam = state.pieces.get("frodo"), state.pieces.get("sam")
        gollum = state.counters.get("gollum", "")
        if frodo != CRACK or sam != CRACK or len(state.plot_deck) > 3:
            return []
        return [None] if gollum != CRACK and page.distance(gollum, CRACK) <= 2 else []


RULES = LastBattleRules()
