"""docs/games/adventure-book-design.md lists every designed item and is current."""

from __future__ import annotations

import os

from .tools.design_tables import END, PAGE, START, designed_ids, render, update


def test_the_design_page_names_every_designed_item() -> None:
    text = PAGE.read_text(encoding="utf-8")
    missing = [item for item in designed_ids() if f"`{item}`" not in text]
    assert not missing, f"the design page does not list {missing}"


def test_the_generated_tables_are_current() -> None:
    if os.environ.get("RINGBEARER_REGEN_DOCS") == "1":
        update()
    text = PAGE.read_text(encoding="utf-8")
    generated = text.split(START, 1)[1].split(END, 1)[0]
    assert generated.strip() == render().strip(), (
        "the design page is out of date: run RINGBEARER_REGEN_DOCS=1 pytest "
        "tests/engine/adventure_book/test_design_doc.py"
    )
