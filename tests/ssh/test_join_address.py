"""How a served game learns the address players reach the server by, for the commands it
prints ("your friends join with ssh -t -p 2222 games.example.org join 7f3k")."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from ringbearer_tui.environment import SSH_HOST_ENV, SSH_PORT_ENV
from ringbearer_tui.server.config import ServeConfig
from ringbearer_tui.server.core import GameServer


class Process:
    """A connection's process, as far as the address is concerned."""

    def __init__(self, sockname: tuple[str, int]) -> None:
        self.sockname = sockname

    def get_extra_info(self, name: str) -> Any:
        return self.sockname if name == "sockname" else None


def reached_at(config: ServeConfig, sockname: tuple[str, int]) -> dict[str, str]:
    server = SimpleNamespace(config=config, port=config.port)  # the port it listens on
    return GameServer._reached_at(server, Process(sockname))  # type: ignore[arg-type]


def test_by_default_the_address_the_connection_came_in_on_and_the_listening_port(
    tmp_path: Path,
) -> None:
    config = ServeConfig(host="0.0.0.0", port=2222, data_dir=tmp_path)
    assert reached_at(config, ("192.168.1.5", 2222)) == {
        SSH_HOST_ENV: "192.168.1.5",
        SSH_PORT_ENV: "2222",
    }


def test_a_public_name_and_port_replace_them(tmp_path: Path) -> None:
    config = ServeConfig(
        port=2222, public_host="games.example.org", public_port=22, data_dir=tmp_path
    )
    assert reached_at(config, ("10.0.0.7", 2222)) == {
        SSH_HOST_ENV: "games.example.org",
        SSH_PORT_ENV: "22",
    }
