"""docs/research.md shows every observation layout as the observers lay it out (issue 45)."""

from __future__ import annotations

import os

from observation_tables import END, PAGE, START, render, update


def test_the_research_page_shows_the_layouts_the_observers_use() -> None:
    if os.environ.get("RINGBEARER_REGEN_DOCS"):
        update()
    text = PAGE.read_text(encoding="utf-8")
    block = START + text.partition(START)[2].partition(END)[0] + END
    assert block == render(), (
        "regenerate: RINGBEARER_REGEN_DOCS=1 pytest ...test_observation_doc.py"
    )


def test_the_research_page_example_prints_what_its_comments_say() -> None:
    import contextlib
    import io
    import re

    section = PAGE.read_text(encoding="utf-8").partition("## Observations and information")[2]
    code = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)[0]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, str(PAGE), "exec"), {})
    promised = [m.group(1) for m in re.finditer(r"print\(.*\)\s+# (\(?\d+,?\)?)\n", code)]
    printed = out.getvalue().splitlines()
    assert promised == ["(394,)", "789"]
    assert printed[0] == promised[0]
    assert promised[1] in printed
