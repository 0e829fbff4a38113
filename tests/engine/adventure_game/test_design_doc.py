"""The designed-content page lists every designed item and its tables match the content data."""

from __future__ import annotations

import os

from adventure_game.tools import design_tables

from ringbearer_engine.games.adventure_game import content


def page() -> str:
    return design_tables.PAGE.read_text(encoding="utf-8")


def test_the_generated_tables_match_the_content_data() -> None:
    if os.environ.get("RINGBEARER_REGEN_DOCS") == "1":
        design_tables.refresh()
    text = page()
    assert design_tables.START in text
    assert design_tables.END in text
    assert design_tables.render() in text, (
        "docs/games/adventure-game-design.md is out of date: run "
        "tests/engine/adventure_game/tools/design_tables.py --write"
    )


def test_the_page_lists_every_designed_item_id() -> None:
    text = page()
    designed = [s.id for s in content.SPACES if s.source == "designed"]
    designed += [c.id for c in content.CARD_TYPES if "designed" in (c.source, c.count_source)]
    designed += [r.id for r in content.DESIGNED_RULES]
    designed += [f"{b.a}" for b in content.BARRIERS if b.source == "designed"]
    missing = [item for item in designed if f"`{item}`" not in text]
    assert not missing, f"the design page does not list: {missing}"


def test_the_page_shows_the_board_drawing() -> None:
    from ringbearer_engine.games.adventure_game.drawing import draw_board

    assert draw_board() in page()
