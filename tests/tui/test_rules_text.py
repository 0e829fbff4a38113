"""The in-app rules pages: current, and in words a player needs."""

from __future__ import annotations

import pytest

from ringbearer_tui.rules_text import GAME_IDS, rules_markdown


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_rules_speak_of_the_game_as_it_is_now(game_id: str) -> None:
    text = rules_markdown(game_id)
    assert "once the game is implemented" not in text
    assert "engine id" not in text
    assert f"ringbearer new {game_id}" in text


def test_links_to_the_design_notes_read_as_plain_words_in_the_terminal() -> None:
    text = rules_markdown("mount-doom")
    assert "design notes list each designed value" in " ".join(text.split())
    assert "-design.md" not in text
