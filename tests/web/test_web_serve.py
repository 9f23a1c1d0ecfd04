"""``kickoff serve``: registered, loopback and port 8000 by default, its options checked.
(The running server is exercised by ``test_web_e2e.py``.)"""

from __future__ import annotations

from helpers import cli


def test_serve_is_a_command() -> None:
    code, out, _ = cli(["serve", "--help"])
    assert code == 0
    assert "--host" in out and "127.0.0.1" in out and "--port" in out and "8000" in out
    for option, default in [("--max-connections", "4000"), ("--idle-timeout", "5"),
                            ("--header-timeout", "10.0"), ("--body-timeout", "30.0"),
                            ("--rate-limit", "1200/minute"), ("--allowed-host", "")]:
        assert option in out and default in out, option


def test_serve_refuses_a_bad_port() -> None:
    code, _, err = cli(["serve", "--port", "0"])
    assert code == 2 and "--port" in err


def test_serve_refuses_a_bad_rate_limit() -> None:
    code, _, err = cli(["serve", "--rate-limit", "many/often"])
    assert code == 2 and "--rate-limit" in err
