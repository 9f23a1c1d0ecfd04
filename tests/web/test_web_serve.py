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


def test_serve_refuses_a_rate_out_of_its_bounds() -> None:
    """``--rate-limit 0/minute`` started a server that answered every request 429, and a
    20-digit amount one that limited nothing: the amount and the window's multiple are 1 to a
    million (checked by the function ``serve`` calls before it listens: on the old code the
    command would have started serving)."""
    import pytest
    import typer

    from kickoff.cli.serve_cmd import _check_rate_limit

    for rate in ("0/minute", "99999999999999999999/day", "10 per 2000000 minute"):
        with pytest.raises(typer.BadParameter, match="out of range: 1 to 1,000,000"):
            _check_rate_limit(rate)
    for rate in ("1200/minute", "1/second", "1000000 per 1000000 day"):
        _check_rate_limit(rate)


def test_a_request_cancelled_by_a_stopping_server_prints_no_error() -> None:
    # uvicorn cancels the requests still in flight SHUTDOWN_SECONDS after a signal and logs
    # each one's CancelledError with its traceback, and their count: not printed (the command
    # ends with its own line); any other error of uvicorn's still is
    import asyncio
    import logging

    from kickoff.web.limits import Limits
    from kickoff.web.server import SHUTDOWN_SECONDS, _QuietCancel, uvicorn_settings

    def record(msg: str, *args: object, error: BaseException | None = None) -> logging.LogRecord:
        info = (type(error), error, None) if error is not None else None
        return logging.LogRecord("uvicorn.error", logging.ERROR, __file__, 1, msg, args, info)

    quiet = _QuietCancel()
    cancelled = asyncio.CancelledError("Task cancelled, timeout graceful shutdown exceeded")
    assert not quiet.filter(record("Cancel %s running task(s), timeout graceful shutdown "
                                   "exceeded", 1))
    assert not quiet.filter(record("Exception in ASGI application\n", error=cancelled))
    assert quiet.filter(record("Exception in ASGI application\n", error=ValueError("bug")))
    assert quiet.filter(record("Exception in ASGI application\n",
                               error=asyncio.CancelledError()))
    assert uvicorn_settings(Limits(), 4096)["timeout_graceful_shutdown"] == SHUTDOWN_SECONDS
