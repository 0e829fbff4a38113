"""The command palette (ctrl+p): every menu entry, on the game screen every choice, at the end
of a game its ways on, and on the campaign screen its Play button."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from .choice_groups import ChoiceGroup
from .menu import HELP, MENU
from .widgets.action_menu import ActionMenu


class RingbearerCommands(Provider):
    def _commands(self) -> list[tuple[str, Callable[[], object], str]]:
        app = self.app
        found: list[tuple[str, Callable[[], object], str]] = [
            (entry.label, getattr(app, f"action_{entry.action}"), entry.help)
            for entry in (*MENU, HELP)
        ]
        from .screens.game import GameScreen

        screen = self.screen
        if isinstance(screen, GameScreen) and not screen.session.bot_to_move:
            # Every choice open now, each with the key that plays it (or the kind it is
            # folded under): the engine's notation for them is never shown to a player.
            match = screen.session.match
            menu = screen.query_one(ActionMenu)
            shown = menu.actions
            folded_under = {
                action: entry.title
                for entry in shown
                if isinstance(entry, ChoiceGroup)
                for action in entry.members
            }
            for action in screen.choices:
                label = screen.look.describe(match, action)
                name = label if label.startswith("Play ") else f"Play: {label}"
                key = menu.key_of(shown.index(action)).strip() if action in shown else ""
                kind = folded_under.get(action)
                help_text = f"Key {key}" if key else f"Under {kind}…" if kind else ""
                found.append((name, partial(screen.play, action), help_text))
            # Only what the screen's keys would do now: a lesson takes nothing back, and a
            # shared table has no hint, undo or save of its own.
            for name, key_action, callback, help_text in (
                ("Hint", "hint", screen.action_hint, "Rank the choices with the advisor"),
                ("Undo", "undo", screen.action_undo, "Take back your last decision"),
                ("Save as", "save_as", screen.action_save_as, "Save this game under a name"),
            ):
                if screen.check_action(key_action, ()) is not False:
                    found.append((name, callback, help_text))
        from .dialogs.game_over import GameOverDialog

        if isinstance(screen, GameOverDialog):
            # The end of a game's ways on, under their labels, with the key of each.
            for way, label in screen.ways:
                way_key = screen.keys.get(way)
                help_text = (
                    f"The end of the game (key {way_key})" if way_key else "The end of the game"
                )
                found.append((label, partial(screen.dismiss, way), help_text))
        from .screens.campaign import CampaignScreen

        if isinstance(screen, CampaignScreen):
            found.append(
                ("Play the chapter", screen.action_play, "Play the campaign's next chapter")
            )
        return found

    async def discover(self) -> Hits:
        for name, callback, help_text in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> AsyncIterator[Hit]:
        matcher = self.matcher(query)
        for name, callback, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)
