"""The Rules screen: a page is laid out only when shown, and its Contents jump to a section
and close with the key that opened them."""

from __future__ import annotations

from textual.widgets import OptionList, Static

from ringbearer_tui.app import RingbearerApp
from ringbearer_tui.dialogs.pick import PickDialog
from ringbearer_tui.paths import AppPaths
from ringbearer_tui.rules_text import GAME_IDS, rules_markdown, rules_sections
from ringbearer_tui.screens.main_menu import MainMenu
from ringbearer_tui.screens.rules import RulesScreen


def test_a_page_cut_into_sections_is_the_whole_page() -> None:
    for game_id in GAME_IDS:
        sections = rules_sections(game_id)
        assert "".join(sections) == rules_markdown(game_id)
        assert all(section.startswith("#") for section in sections)


async def test_only_the_page_shown_is_laid_out(quick_settings: AppPaths) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        drawn = {game_id: len(screen.query(f"#page-{game_id} Static")) for game_id in GAME_IDS}
        assert drawn == {
            "mount-doom": len(rules_sections("mount-doom")),
            **dict.fromkeys(GAME_IDS[1:], 0),
        }
        await pilot.press("right")
        await pilot.pause()
        assert len(screen.query("#page-adventure-game Static")) > 0


async def test_the_contents_list_the_sections_and_jump_to_the_one_chosen(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        assert isinstance(rules, RulesScreen)
        await pilot.press("t")
        await pilot.pause()
        contents = app.screen
        assert isinstance(contents, PickDialog)
        listed = contents.query_one(OptionList)
        assert app.focused is listed, "the list has the focus at once"
        words = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert words[:3] == ["At a glance", "Rules summary", "  Components"]
        chosen = words.index("  Battles")
        listed.highlighted = chosen
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is rules
        page = rules.query_one("#page-mount-doom")
        battles = next(
            static
            for static in page.query(Static)
            if str(static.id).startswith("section-")
            and rules_sections("mount-doom")[
                int(str(static.id).removeprefix("section-"))
            ].startswith("### Battles")
        )
        assert page.scroll_y > 0
        assert battles.region.y == page.region.y, "the section chosen is at the top"


async def test_t_closes_the_contents_and_escape_closes_only_them(
    quick_settings: AppPaths,
) -> None:
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        rules = app.screen
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert app.screen is rules
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is rules
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MainMenu)


async def test_the_rules_use_the_whole_width_at_120_columns(quick_settings: AppPaths) -> None:
    """Nothing docks beside the page, so its tables keep their words on a line."""
    app = RingbearerApp(quick_settings)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        page = app.screen.query_one("#page-mount-doom")
        assert page.region.width == 120
