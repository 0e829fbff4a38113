"""Checks for Ringbearer. ``nox`` runs the default set on Python 3.11; ``nox -l`` lists all.

Every session installs from ``uv.lock`` (``uv sync --locked``) into its own venv, so the
checks see exactly the locked versions, and the engine session sees the engine alone. The
supported Pythons are checked by the opt-in matrix: ``nox -s engine-3.12 engine-3.13
tui-3.13`` (or ``nox -s engine tui`` for every version), which CI runs on every push.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import nox

nox.options.default_venv_backend = "uv"
nox.options.reuse_existing_virtualenvs = True
nox.options.error_on_missing_interpreters = True
ROOT = Path(__file__).parent
PYTHON = "3.11"
"""The oldest supported Python: the default checks run on it."""
ENGINE_PYTHONS = ["3.11", "3.12", "3.13"]
TUI_PYTHONS = ["3.11", "3.13"]
"""The app is tested on the oldest and newest supported Python (as its classifiers say)."""
nox.options.sessions = [
    "lint",
    "typecheck",
    f"engine-{PYTHON}",
    "integrations",
    f"tui-{PYTHON}",
    "docs",
    "build",
    "release-rehearsal",
]
WORKFLOWS = sorted(str(path) for path in (ROOT / ".github" / "workflows").glob("*.yml"))
RESEARCH_EXTRAS = ("--extra", "pettingzoo", "--extra", "gymnasium", "--extra", "openspiel")
"""The engine's extras for the research frameworks' adapters."""
DISTRIBUTIONS = {"ringbearer_engine": "ringbearer_engine", "ringbearer_tui": "ringbearer_tui"}
"""Each distribution's file-name stem and the package it ships."""


def _add_pyenv_pythons() -> None:
    """Let uv find the pyenv interpreters (3.12 and 3.13 are not on PATH by default here):
    their bin folders go at the end of PATH, after anything the user chose."""
    root = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    wanted = {PYTHON, *ENGINE_PYTHONS, *TUI_PYTHONS}
    found = [
        str(version / "bin")
        for version in sorted(root.glob("3.*"))
        if ".".join(version.name.split(".")[:2]) in wanted and (version / "bin").is_dir()
    ]
    path = os.environ.get("PATH", "").split(os.pathsep)
    os.environ["PATH"] = os.pathsep.join([*path, *(f for f in found if f not in path)])


_add_pyenv_pythons()


def sync(session: nox.Session, *args: str) -> None:
    """Install locked dependencies into the session's venv."""
    session.run_install(
        "uv",
        "sync",
        "--locked",
        "--no-default-groups",
        *args,
        env={"UV_PROJECT_ENVIRONMENT": session.virtualenv.location},
    )


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff check, ruff format --check, and the GitHub workflows against their schema."""
    sync(session, "--only-group", "lint")
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    # The workflows cannot run here: they are checked against GitHub's workflow schema
    # (bundled with check-jsonschema, so no network). actionlint's PyPI wrapper was the first
    # choice, but it downloads its binary from GitHub while it installs.
    session.run("check-jsonschema", "--builtin-schema", "vendor.github-workflows", *WORKFLOWS)


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over both packages, the tests and this file."""
    sync(session, "--all-packages", *RESEARCH_EXTRAS, "--group", "typecheck")
    session.run("mypy")


@nox.session(python=ENGINE_PYTHONS)
def engine(session: nox.Session) -> None:
    """The engine's tests in a venv holding only the engine, plus the import contract."""
    dask = ("--extra", "dask")  # the cluster tests need the engine's dask extra
    sync(session, "--package", "ringbearer-engine", *dask, "--group", "test", "--group", "lint")
    session.run(
        "python",
        "-c",
        "import importlib.util as u, sys; "
        "leaked = [m for m in ('ringbearer_tui', 'textual', 'asyncssh', 'platformdirs') "
        "if u.find_spec(m)]; "
        "sys.exit(f'engine venv must not hold {leaked}' if leaked else 0)",
    )
    session.run("lint-imports")
    session.run("pytest", "tests/engine", *session.posargs)


@nox.session(python=PYTHON)
def integrations(session: nox.Session) -> None:
    """The research adapters under PettingZoo's, Gymnasium's and OpenSpiel's own conformance
    tests, with the engine and those extras only (no app)."""
    sync(session, "--package", "ringbearer-engine", *RESEARCH_EXTRAS, "--group", "test")
    session.run("pytest", "tests/integrations", *session.posargs)


@nox.session(python=TUI_PYTHONS)
def tui(session: nox.Session) -> None:
    """The app's import contracts, then its tests (Textual snapshots, Pilot flows, SSH) with
    everything installed."""
    sync(session, "--all-packages", "--group", "tui-test", "--group", "lint")
    session.run("lint-imports", "importlinter-app.toml")
    # A file's tests stay together on one worker (their fixtures and caches are per module);
    # the files spread over every core, since most of the time is the apps settling.
    parallel = ("--numprocesses=auto", "--dist=loadfile")
    session.run("pytest", *parallel, "tests/tui", "tests/ssh", *session.posargs)


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Build the documentation; warnings are errors."""
    sync(session, "--only-group", "docs")
    session.run("mkdocs", "build", "--strict", "--site-dir", str(ROOT / "site"))


@nox.session(python=PYTHON)
def build(session: nox.Session) -> None:
    """Build both wheels and sdists, check their metadata, install them in a clean venv."""
    sync(session, "--only-group", "build")
    dist = ROOT / "dist"
    shutil.rmtree(dist, ignore_errors=True)
    session.run("uv", "build", "--all-packages", "--no-sources", "--out-dir", str(dist))
    built = sorted([*dist.glob("*.whl"), *dist.glob("*.tar.gz")])
    session.run("twine", "check", "--strict", *map(str, built))
    for archive in built:
        missing = _missing_from(archive)
        if missing:
            session.error(f"{archive.name} lacks {', '.join(missing)}")
    with tempfile.TemporaryDirectory() as scratch:
        venv = Path(scratch) / "venv"
        session.run("uv", "venv", "--quiet", "--python", PYTHON, str(venv))
        python = str(venv / "bin" / "python")
        wheels = [str(w) for w in sorted(dist.glob("*.whl"))]
        session.run("uv", "pip", "install", "--quiet", "--python", python, *wheels)
        env = {"HOME": scratch, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"}
        session.run(str(venv / "bin" / "ringbearer"), "--version", env=env, external=True)
        session.run(python, "-c", "import ringbearer_engine", env=env, external=True)
        session.run(python, "-m", "ringbearer_engine", "games", env=env, external=True)


def _missing_from(archive: Path) -> list[str]:
    """Which of the licence and ``py.typed`` a wheel or sdist lacks (by path ending)."""
    if archive.suffix == ".whl":
        with zipfile.ZipFile(archive) as wheel:
            names = wheel.namelist()
    else:
        with tarfile.open(archive) as sdist:
            names = sdist.getnames()
    stem = next(s for s in DISTRIBUTIONS if archive.name.startswith(f"{s}-"))
    wanted = [f"{DISTRIBUTIONS[stem]}/py.typed", "LICENSE"]
    return [w for w in wanted if not any(n == w or n.endswith(f"/{w}") for n in names)]


@nox.session(python=PYTHON, default=False)
def fuzz(session: nox.Session) -> None:
    """The fuzzers, run long: the same tests the default checks run bounded."""
    sync(session, "--all-packages", "--group", "tui-test")
    session.run("pytest", "-m", "fuzz", "tests", *session.posargs, env={"RINGBEARER_FUZZ": "long"})


@nox.session(python=PYTHON, default=False)
def bench(session: nox.Session) -> None:
    """Benchmarks (not run by default): figures for docs/performance.md."""
    # The app and SSH benchmarks read the screen through pyte, a tui-test dependency.
    sync(session, "--all-packages", *RESEARCH_EXTRAS, "--group", "tui-test")
    session.run("python", "benchmarks/run.py", *session.posargs)


# The release rehearsal: publish to a local index, install from it as users do, run.

RELEASE_UPLOADS = ["ringbearer_engine", "ringbearer_tui"]
"""The release workflow's uploads in order (publish-engine, then publish-app), each named by
the file-name stem of the distribution it publishes."""
NORMAL_INDEX = "https://pypi.org/simple/"
"""Where the local index sends every project that is not ours, as users get them."""
NETWORK_SETTINGS = ("CERT", "CA_BUNDLE", "PROXY", "TLS")
"""Environment variables whose names hold one of these say how to reach the network (a
certificate bundle, a proxy), not what to install: a user has them too, so they are kept."""


@nox.session(name="release-rehearsal", python=PYTHON)
def release_rehearsal(session: nox.Session) -> None:
    """Both distributions built, uploaded with twine to a local index (pypiserver), then
    installed from it by name, with pipx and with uv, into a new home with empty caches: each
    copy shows its version, its main menu and ``serve --help``, and is uninstalled; last, a
    venv gets the engine alone, by name."""
    sync(session, "--only-group", "release")
    with tempfile.TemporaryDirectory(prefix="ringbearer-rehearsal-") as scratch:
        root = Path(scratch)
        dist = root / "dist"
        session.run("uv", "build", "--all-packages", "--no-sources", "--out-dir", str(dist))
        with _local_index(session, root / "index") as url:
            # twine refuses --skip-existing (the engine's upload) for any index but PyPI.
            for stem in RELEASE_UPLOADS:
                files = sorted(str(f) for f in dist.glob(f"{stem}-*"))
                upload = ["--repository-url", url, "--non-interactive", "--disable-progress-bar"]
                credentials = {"TWINE_USERNAME": "rehearsal", "TWINE_PASSWORD": "rehearsal"}
                session.run("twine", "upload", *upload, *files, env=credentials)
            home = root / "home"
            home.mkdir()
            with session.chdir(home):  # as a user would, away from this project's uv settings
                _rehearse_installs(session, f"{url}simple/", home)


@contextlib.contextmanager
def _local_index(session: nox.Session, packages: Path) -> Iterator[str]:
    """A pypiserver on a free loopback port, open to uploads, that sends every project it
    lacks to the normal index; stopped when the block ends, however it ends (and, on Linux,
    when nox itself dies)."""
    packages.mkdir()
    log = packages.with_suffix(".log")
    with socket.socket() as probe:  # a free port; the server takes it a moment later
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}/"
    command = [
        *(str(Path(session.bin) / "pypi-server"), "run", "--host", "127.0.0.1"),
        *("--port", str(port), "--authenticate", ".", "--passwords", "."),
        *("--fallback-url", NORMAL_INDEX, "--server", "wsgiref"),
        *("--verbose", "--log-file", str(log)),  # every request, for a failure's report
        str(packages),
    ]
    session.log(f"local index at {url}: {shlex.join(command)}")
    server = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=_die_with_parent,  # noqa: PLW1509 (nox starts no threads of its own)
    )
    try:
        _wait_until_up(session, server, f"{url}health")
        yield url
    except BaseException:
        requests = log.read_text(errors="replace").splitlines()[-40:] if log.exists() else []
        session.log("the local index's log ends:\n" + "\n".join(requests))
        raise
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def _die_with_parent() -> None:
    """Run in the server's process before it starts: on Linux, the kernel sends it SIGTERM
    when nox dies, so that no index outlives a killed run."""
    if sys.platform == "linux":
        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # 1 is PR_SET_PDEATHSIG


def _wait_until_up(session: nox.Session, server: subprocess.Popen[bytes], url: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            session.error(f"the local index exited with {server.returncode} before answering")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    session.error(f"the local index did not answer {url} within 30 s")


def _rehearse_installs(session: nox.Session, index: str, home: Path) -> None:
    """As a user with a new, empty home: pipx, then uv, installs the app by name from
    ``index``, runs it and uninstalls it; then a venv of its own gets the engine alone."""
    bin_dir = home / ".local" / "bin"
    user = _User(session, _user_environment(home, bin_dir))
    app, engine = _version("tui", "ringbearer_tui"), _version("engine", "ringbearer_engine")
    tools = Path(session.bin)
    uv_index = ["--default-index", index]
    # The session's interpreter (the oldest supported Python), which pipx runs on too. uv gets
    # it by path: a Python that uv fetched for nox lives in the real home, not the new one.
    python = tools / "python"
    # Each tool's install and uninstall commands, and the venv it makes for the app.
    installs: dict[str, tuple[list[str | Path], list[str | Path], Path]] = {
        "pipx": (
            [tools / "pipx", "install", "--index-url", index, "ringbearer-tui"],
            [tools / "pipx", "uninstall", "ringbearer-tui"],
            home / ".local" / "share" / "pipx" / "venvs" / "ringbearer-tui",
        ),
        "uv": (
            ["uv", "tool", "install", "--python", python, *uv_index, "ringbearer-tui"],
            ["uv", "tool", "uninstall", "ringbearer-tui"],
            home / ".local" / "share" / "uv" / "tools" / "ringbearer-tui",
        ),
    }
    ringbearer = bin_dir / "ringbearer"
    for tool, (install, uninstall, tool_venv) in installs.items():
        session.log(f"the app, installed by {tool} as a user does")
        user.run(*install)
        version = user.output(ringbearer, "--version").strip()
        if version != f"ringbearer {app} (engine {engine})":
            session.error(f"{tool}'s copy says {version!r}: not the versions just built")
        user.run(python, ROOT / "tests" / "release" / "first_run.py", ringbearer)
        if "--max-sessions" not in user.output(ringbearer, "serve", "--help"):
            session.error(f"`ringbearer serve --help` from {tool}'s copy names no options")
        user.run(*uninstall)
        left = [p for p in (ringbearer, tool_venv) if p.exists() or p.is_symlink()]
        if left:
            session.error(f"`{tool} uninstall` left {', '.join(map(str, left))}")

    session.log("the engine alone, installed by name into a venv of its own")
    venv = home / "engine-venv"
    engine_python = venv / "bin" / "python"
    user.run("uv", "venv", "--quiet", "--python", python, venv)
    user.run("uv", "pip", "install", "--python", engine_python, *uv_index, "ringbearer-engine")
    probe = "import ringbearer_engine as e; print(e.__version__)"
    found = user.output(engine_python, "-c", probe).strip()
    if found != engine:
        session.error(f"the engine installed by name is {found!r}, not {engine!r}")
    user.run(engine_python, "-m", "ringbearer_engine", "games")
    user.run("uv", "pip", "uninstall", "--python", engine_python, "ringbearer-engine")
    user.run(engine_python, "-c", "import ringbearer_engine", success_codes=[1], silent=True)


class _User:
    """Commands run as the rehearsal's user: its environment only, nothing of nox's."""

    def __init__(self, session: nox.Session, env: dict[str, str | None]) -> None:
        self.session, self.env = session, env

    def run(
        self, *args: str | Path, success_codes: list[int] | None = None, silent: bool = False
    ) -> None:
        self.session.run(
            *map(str, args),
            env=self.env,
            include_outer_env=False,
            external=True,
            success_codes=success_codes,
            silent=silent,
        )

    def output(self, *args: str | Path) -> str:
        out = self.session.run(
            *map(str, args), env=self.env, include_outer_env=False, external=True, silent=True
        )
        return str(out)


def _user_environment(home: Path, bin_dir: Path) -> dict[str, str | None]:
    """A user's environment in a new home: none of this machine's pip, pipx or uv settings,
    caches or folders, no active venv; only what reaches the network is kept."""
    kept = {
        name: value
        for name, value in os.environ.items()
        if any(part in name.upper() for part in NETWORK_SETTINGS)
        or name in ("PATH", "LANG", "LC_ALL", "TMPDIR", "PYENV_ROOT")
    }
    return {
        **kept,
        "HOME": str(home),
        "PATH": os.pathsep.join([str(bin_dir), os.environ.get("PATH", "")]),
        "VIRTUAL_ENV": None,  # the session venv's, which nox would pass on
        "UV_PYTHON_DOWNLOADS": "never",  # uv gets the session's Python, and fetches none
    }


def _version(package: str, module: str) -> str:
    """The version written in a package's ``_version.py``."""
    text = (ROOT / "packages" / package / "src" / module / "_version.py").read_text()
    found = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if found is None:
        raise ValueError(f"no __version__ in {package}'s _version.py")
    return found[1]
