"""The release path: supported Pythons declared alike, the nox matrix opt-in, the build
session's archive check, workflows that publish without tokens, the engine first, and only
after the release rehearsal (``nox -s release-rehearsal``) passed."""

from __future__ import annotations

import functools
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUPPORTED = ["3.11", "3.12", "3.13"]
WORKFLOWS = ROOT / ".github" / "workflows"


@functools.cache
def _load_noxfile() -> ModuleType:
    """The noxfile as a module, loaded once (nox refuses a session registered twice); the
    PATH it extends with pyenv's folders is put back as it was."""
    spec = importlib.util.spec_from_file_location("ringbearer_noxfile", ROOT / "noxfile.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    path = os.environ.get("PATH", "")
    try:
        spec.loader.exec_module(module)
    finally:
        os.environ["PATH"] = path
    return module


@pytest.fixture
def nox() -> ModuleType:
    pytest.importorskip("nox")
    return _load_noxfile()


@pytest.mark.parametrize("package", ["engine", "tui"])
def test_both_packages_declare_the_supported_pythons(package: str) -> None:
    project = tomllib.loads((ROOT / "packages" / package / "pyproject.toml").read_text())
    project = project["project"]
    assert project["requires-python"] == f">={SUPPORTED[0]}"
    declared = [
        c.rsplit(" :: ", 1)[1] for c in project["classifiers"] if c.count("::") == 2 and "3." in c
    ]
    assert declared == SUPPORTED


def test_the_default_checks_stay_on_one_python_and_the_matrix_is_opt_in(nox: ModuleType) -> None:
    assert nox.ENGINE_PYTHONS == SUPPORTED
    oldest_and_newest = SUPPORTED[::2]
    assert oldest_and_newest == nox.TUI_PYTHONS
    defaults = nox.nox.options.sessions
    assert defaults == [
        "lint",
        "typecheck",
        "engine-3.11",
        "integrations",
        "tui-3.11",
        "docs",
        "build",
        "release-rehearsal",
    ]


def test_the_build_check_names_what_an_archive_lacks(nox: ModuleType, tmp_path: Path) -> None:
    wheel = tmp_path / "ringbearer_engine-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("ringbearer_engine/__init__.py", "")
        archive.writestr("ringbearer_engine-0.1.0.dist-info/licenses/LICENSE", "MIT")
    assert nox._missing_from(wheel) == ["ringbearer_engine/py.typed"]
    complete = tmp_path / "ringbearer_engine-0.2.0-py3-none-any.whl"
    with zipfile.ZipFile(complete, "w") as archive:
        archive.writestr("ringbearer_engine/py.typed", "")  # at the wheel's root
        archive.writestr("ringbearer_engine-0.2.0.dist-info/licenses/LICENSE", "MIT")
    assert nox._missing_from(complete) == []
    sdist = tmp_path / "ringbearer_tui-0.1.0.tar.gz"
    marker = tmp_path / "py.typed"
    marker.write_text("")
    with tarfile.open(sdist, "w:gz") as archive:
        archive.add(marker, "ringbearer_tui-0.1.0/src/ringbearer_tui/py.typed")
    assert nox._missing_from(sdist) == ["LICENSE"]


def test_the_release_publishes_by_trusted_publishing_the_engine_first() -> None:
    text = (WORKFLOWS / "release.yml").read_text()
    assert "id-token: write" in text
    assert "password" not in text
    assert "secrets." not in text
    assert text.index("publish-engine:") < text.index("publish-app:")
    assert "needs: publish-engine" in text
    assert "uvx nox -s build" in text
    assert 'tags: ["v*"]' in text


def test_ci_runs_the_matrix_the_noxfile_defines() -> None:
    text = (WORKFLOWS / "ci.yml").read_text()
    assert 'python: ["3.11", "3.12", "3.13"]' in text
    assert 'python: ["3.11", "3.13"]' in text
    assert "os: [ubuntu-latest, macos-latest]" in text
    assert "enable-cache: true" in text


def test_the_rehearsal_uploads_what_the_release_publishes_in_its_order(nox: ModuleType) -> None:
    """Each publish job takes one distribution's files out of dist/ by name; the rehearsal
    uploads the same files, one distribution at a time, in the same order."""
    published = re.findall(r"mv dist/(\w+)-\* ", (WORKFLOWS / "release.yml").read_text())
    assert published == nox.RELEASE_UPLOADS == list(nox.DISTRIBUTIONS)


def test_a_tag_publishes_nothing_unless_the_rehearsal_passes_on_it() -> None:
    rehearsal = (WORKFLOWS / "rehearsal.yml").read_text()
    assert "workflow_call:" in rehearsal
    assert "runs-on: ubuntu-latest" in rehearsal
    assert "run: uvx nox -s release-rehearsal" in rehearsal
    call = "uses: ./.github/workflows/rehearsal.yml"
    assert call in (WORKFLOWS / "ci.yml").read_text()
    release = (WORKFLOWS / "release.yml").read_text()
    assert call in release
    publish_engine = release[release.index("publish-engine:") : release.index("publish-app:")]
    assert "needs: [build, rehearsal]" in publish_engine
    assert "needs: publish-engine" in release[release.index("publish-app:") :]


def test_the_rehearsing_user_has_none_of_this_machines_install_settings(
    nox: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A mirror in PIP_FIND_LINKS, a warm UV_CACHE_DIR (setup-uv sets one) or an active venv
    would let a missing dependency or a bad bound pass; certificates and proxies only say
    how to reach the index, as they do for a user."""
    install_settings = {
        "PIP_INDEX_URL": "file:///opt/pypi/simple",
        "PIP_FIND_LINKS": "/opt/wheels",
        "UV_CACHE_DIR": "/root/.cache/uv",
        "UV_INDEX": "mirror=file:///opt/pypi/simple",
        "PIPX_HOME": "/root/.local/pipx",
        "XDG_CACHE_HOME": "/root/.cache",
        "PYTHONPATH": "/work/main/packages/tui/src",
    }
    network = {"SSL_CERT_FILE": "/etc/ca.pem", "PIP_CERT": "/etc/ca.pem", "HTTPS_PROXY": "p:3128"}
    for name, value in {**install_settings, **network}.items():
        monkeypatch.setenv(name, value)
    bin_dir = tmp_path / ".local" / "bin"
    env = nox._user_environment(tmp_path, bin_dir)
    assert env["HOME"] == str(tmp_path)
    assert env["PATH"].split(os.pathsep)[0] == str(bin_dir)
    assert env["VIRTUAL_ENV"] is None  # removes nox's
    assert not set(install_settings) & set(env)
    assert {name: env[name] for name in network} == network


def test_the_rehearsal_expects_the_versions_written_in_the_packages(nox: ModuleType) -> None:
    import ringbearer_engine
    import ringbearer_tui

    assert nox._version("tui", "ringbearer_tui") == ringbearer_tui.__version__
    assert nox._version("engine", "ringbearer_engine") == ringbearer_engine.__version__


FIRST_RUN = ROOT / "tests" / "release" / "first_run.py"
RINGBEARER = shutil.which("ringbearer") or f"{sys.prefix}/bin/ringbearer"


@pytest.mark.usefixtures("paths")  # the app's data folder is the test's
def test_the_first_run_check_sees_the_main_menu_and_leaves_by_its_keys() -> None:
    """The check the rehearsal runs on each installed copy, here on the workspace's own."""
    result = subprocess.run(
        [sys.executable, FIRST_RUN, RINGBEARER],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "New game  (n)" in result.stdout
    assert result.stdout.endswith("main menu shown, left by Quit and Yes\n")


@pytest.mark.usefixtures("paths")
def test_the_first_run_check_fails_when_no_menu_is_shown() -> None:
    import ringbearer_tui

    result = subprocess.run(
        [sys.executable, FIRST_RUN, RINGBEARER, "--version"],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert result.returncode == 1
    assert "exited (0) before main menu" in result.stderr
    assert f"ringbearer {ringbearer_tui.__version__}" in result.stderr  # the screen instead
