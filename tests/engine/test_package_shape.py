"""Every game package has the same anatomy (docs/development.md, "Anatomy of a game package")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ringbearer_engine.games

GAMES_DIR = Path(ringbearer_engine.games.__file__).parent
GAME_PACKAGES = sorted(p for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists())
TOP_LEVEL = ("__init__", "actions", "bots", "content", "events", "game", "state", "view")


def _relative_imports(module: Path) -> list[tuple[int, int]]:
    """(line, level) of every relative import in a module, function-level ones included."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    return [
        (node.lineno, node.level)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.level > 0
    ]


def test_there_are_three_game_packages() -> None:
    assert [p.name for p in GAME_PACKAGES] == ["adventure_book", "adventure_game", "mount_doom"]


@pytest.mark.parametrize("package", GAME_PACKAGES, ids=lambda p: p.name)
def test_a_game_package_has_the_common_top_level_modules(package: Path) -> None:
    missing = [name for name in TOP_LEVEL if not (package / f"{name}.py").exists()]
    assert missing == []


@pytest.mark.parametrize("package", GAME_PACKAGES, ids=lambda p: p.name)
def test_a_game_package_keeps_its_rules_in_a_rules_subpackage(package: Path) -> None:
    rules = package / "rules"
    assert (rules / "__init__.py").exists()
    assert len(list(rules.glob("*.py"))) > 1


@pytest.mark.parametrize("package", GAME_PACKAGES, ids=lambda p: p.name)
def test_a_game_package_reaches_the_core_by_absolute_imports_only(package: Path) -> None:
    leaks = []
    for module in sorted(package.rglob("*.py")):
        depth = len(module.relative_to(package).parts)  # 1 at the top, 2 under rules/
        for line, level in _relative_imports(module):
            if level > depth:
                leaks.append(f"{module.relative_to(GAMES_DIR)}:{line}")
    assert leaks == []
