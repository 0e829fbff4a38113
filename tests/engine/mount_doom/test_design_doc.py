"""The design page lists every designed item and its generated tables match content.py."""

from __future__ import annotations

import os

from ringbearer_engine.games.mount_doom.content import DESIGNED_ITEMS, designed_ids

from .design_tables import END, PAGE, START, render, update


def test_design_page_generated_tables_match_the_content_module() -> None:
    if os.environ.get("RINGBEARER_REGEN_DOCS"):
        update()
    text = PAGE.read_text(encoding="utf-8")
    block = START + text.partition(START)[2].partition(END)[0] + END
    assert block == render(), "regenerate: RINGBEARER_REGEN_DOCS=1 pytest ...test_design_doc.py"


def test_design_page_lists_every_designed_item_id() -> None:
    text = PAGE.read_text(encoding="utf-8")
    missing = [item for item in designed_ids() if f"`{item}`" not in text]
    assert not missing
    assert all(f"`{item.id}`" in text for item in DESIGNED_ITEMS)
