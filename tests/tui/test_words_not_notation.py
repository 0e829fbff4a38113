"""Players read words, never the engine's notation or content ids.

One walk per game and seed at 80x24: random choices by their keys, with undo, the command
palette, the help, the cards and hints thrown in, through the hand-over between people, the
campaign screen and the end of the game. After every key, the whole screen's text is checked
against every notation the walk met (``move frodo bilbos-room``), every content id
(``maggots-farm``, ``sauron``) and every bot id (``ismc``).
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterable
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot

import ringbearer_engine as rb
from ringbearer_engine.games.adventure_book import content as book
from ringbearer_engine.games.adventure_game import content as adventure
from ringbearer_engine.games.mount_doom import content as doom
from ringbearer_tui.app import RingbearerApp, StartNew
from ringbearer_tui.dialogs.game_over import GameOverDialog
from ringbearer_tui.dialogs.help import HelpDialog
from ringbearer_tui.dialogs.message import MessageDialog
from ringbearer_tui.dialogs.new_game import NewGameDialog
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.screens.campaign import CampaignScreen
from ringbearer_tui.screens.game import GameScreen
from ringbearer_tui.screens.hand_over import HandOverScreen
from ringbearer_tui.seats import NewGameRequest, Seat
from ringbearer_tui.widgets.action_menu import CHOICE_KEYS, ActionMenu

SIZE = (80, 24)
KEYS_PER_WALK = 32

CONTENT_IDS: dict[str, tuple[str, ...]] = {
    "mount-doom": (*doom.FIGURES, *doom.STAGES, *doom.BATTLE_FACES, *doom.CARDS),
    "adventure-game": (
        *(space.id for space in adventure.SPACES),
        *(card.id for card in adventure.CARD_TYPES),
    ),
    "adventure-book": (*book.STORY_CARDS, *book.SPECIALS, *book.EYES),
}
"""Ids of the engine's content: places, figures, cards, die faces."""

ENGLISH = frozenset(
    {"orange", "purple", "blue", "green", "red", "black", "ring", "courage", "mystery"}
    | {"adventure", "insight", "combat", "end", "roll", "climb", "step", "any", "escape"}
    | {"fight", "hide", "shield", "rest", "stock", "random"}
)
"""Single-word ids that are also plain English words: on screen they may be words."""

BOT_IDS = ("ismc", "mc", "heuristic")


def screen_text(app: RingbearerApp) -> str:
    """Every character on the terminal, as the player sees it (notifications included)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True)
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


class Leaks:
    """What may never be on screen, grown as the walk meets notations."""

    def __init__(self, game_id: str) -> None:
        self.patterns: dict[str, re.Pattern[str]] = {}
        self.proper_ids: set[str] = set()
        for token in (*CONTENT_IDS[game_id], *BOT_IDS):
            self._token(token, named=True)

    def _forbid(self, text: str, pattern: str) -> None:
        if text not in self.patterns:
            self.patterns[text] = re.compile(pattern)

    def _token(self, token: str, *, named: bool = False) -> None:
        """Forbid an id: one with a hyphen (``maggots-farm``) anywhere; a content id that
        names someone or something (``frodo``, ``sauron``) in lower case."""
        whole = rf"(?<![\w'’-]){re.escape(token)}(?![\w-])"
        hyphenated = "-" in token and any(c.isalpha() for c in token)
        a_name = named and token.isalpha() and token.islower() and token not in ENGLISH
        if hyphenated or a_name:
            self._forbid(token, whole)

    def met(self, actions: Iterable[rb.Action]) -> None:
        for action in actions:
            notation = str(action)
            if " " in notation or "," in notation or "-" in notation:
                self._forbid(notation, rf"(?<![\w-]){re.escape(notation)}(?![\w-])")
            else:  # one plain word: notation only where a step is named
                quoted = rf"(?:Taken back: |'|“){re.escape(notation)}(?:$|['”;,.])"
                self._forbid(f"named:{notation}", quoted)
            for token in re.split(r"[ ,]", notation):
                self._token(token)  # the verbs (keep, move) are words; the ids are not

    def check(self, text: str, where: str) -> None:
        for name, pattern in self.patterns.items():
            found = pattern.search(text)
            assert found is None, f"{name!r} shows on {where}:\n{text}"


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(100):
        await pilot.pause()
        screen = pilot.app.screen
        if not (isinstance(screen, GameScreen) and screen.session.bot_to_move):
            break
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def look(pilot: Pilot[Any], leaks: Leaks, where: str) -> None:
    await settle(pilot)
    app = pilot.app
    assert isinstance(app, RingbearerApp)
    screen = app.screen
    if isinstance(screen, GameScreen):
        leaks.met(screen.session.match.actions())
    leaks.check(screen_text(app), f"{type(screen).__name__} ({where})")


async def walk(pilot: Pilot[Any], leaks: Leaks, rng: random.Random) -> None:
    app = pilot.app
    for step in range(KEYS_PER_WALK):
        await look(pilot, leaks, f"key {step}")
        screen = app.screen
        if isinstance(screen, HandOverScreen | MessageDialog | HelpDialog):
            await pilot.press("escape" if isinstance(screen, HelpDialog) else "enter")
            continue
        if isinstance(screen, GameOverDialog):
            await pilot.press("escape")  # the final board, then the walk ends
            continue
        if isinstance(screen, CampaignScreen):
            await pilot.press("p")
            continue
        if not isinstance(screen, GameScreen):
            await pilot.press("escape")  # the palette, or anything the walk opened
            continue
        if screen.session.over:
            return
        roll = rng.random()
        if roll < 0.12:
            await pilot.press("u")
        elif roll < 0.18:
            await pilot.press("ctrl+p")
            await pilot.pause()
            await pilot.press(*"play")
        elif roll < 0.21:
            await pilot.press("c")
        elif roll < 0.23:
            await pilot.press("question_mark")
        elif roll < 0.25 and screen.session.match.game_id == "mount-doom":
            await pilot.press("h")  # the other games' hints take a second or more to think
        else:
            choices = screen.query_one(ActionMenu).actions[: len(CHOICE_KEYS)]
            if choices:
                await pilot.press(CHOICE_KEYS[rng.randrange(len(choices))])


SEATS = {
    "mount-doom": [Seat("Ann"), Seat("Bo"), Seat("Cy", "bot", "heuristic")],
    "adventure-game": [Seat("Ann"), Seat("Bo"), Seat("Cy", "bot", "heuristic")],
    "adventure-book": [Seat("Ann"), Seat("Bo", "bot", "heuristic")],
}


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("game_id", ["mount-doom", "adventure-game", "adventure-book"])
async def test_no_screen_shows_notation_or_content_ids(
    quick_settings: AppPaths, game_id: str, seed: int
) -> None:
    leaks = Leaks(game_id)
    start = StartNew(NewGameRequest(game_id, SEATS[game_id], {}, seed))
    app = RingbearerApp(quick_settings, start)
    async with app.run_test(size=SIZE) as pilot:
        await walk(pilot, leaks, random.Random(seed))


@pytest.mark.parametrize("game_id", ["mount-doom", "adventure-game", "adventure-book"])
async def test_the_new_game_dialog_names_bots_in_words(
    quick_settings: AppPaths, game_id: str
) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(NewGameDialog(app.settings, game_id))
        await settle(pilot)
        leaks = Leaks(game_id)
        leaks.check(screen_text(app), "the New game dialog")
        await pilot.click(".seat-kind")  # the list of seat kinds, open
        await settle(pilot)
        text = screen_text(app)
        leaks.check(text, "the seat kinds")
        assert "Bot: Steady" in text


def test_every_bot_is_named_and_described_in_a_line_the_new_game_dialog_has_room_for() -> None:
    """At 80×24 the dialog gives its line on the chosen bot 62 columns: a longer one wraps
    a word or two onto a line of their own."""
    from ringbearer_tui.bot_kinds import BOT_KINDS, bot_kind

    for game_id in ("mount-doom", "adventure-game", "adventure-book"):
        for bot_id in rb.bot_names(rb.get_game(game_id)):
            kind = bot_kind(bot_id)
            assert bot_id.partition(":")[0] in BOT_KINDS, f"{bot_id} has no name in the table"
            assert len(f"{kind.name} bot: {kind.about}") <= 62, kind
