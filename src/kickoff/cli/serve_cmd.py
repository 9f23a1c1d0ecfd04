"""``kickoff serve``: the web app for coaches (``docs/web.md``), on loopback by default."""

from __future__ import annotations

from typing import Annotated

import typer

from kickoff.analysis.simulate import max_jobs
from kickoff.cli.common import MAX_WAIT_SECONDS, fail, guarded, not_nan


@guarded
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (loopback by default; another "
                                      "address lets other machines in).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    workers: Annotated[int, typer.Option(min=1, max=max(2, max_jobs()),
                                         help="Worker processes computing exact odds, 1 to "
                                         "the number of CPUs of this machine (at least "
                                         "2).")] = 2,
    max_connections: Annotated[int, typer.Option(
        min=1, max=1_000_000,
        help="Connections open at once (up to 1,000,000); a request beyond is answered 503 "
        "(kept below the open-file limit, whose soft value is raised to the hard one).")] = 4000,
    idle_timeout: Annotated[int, typer.Option(
        min=1, max=MAX_WAIT_SECONDS,
        help="Seconds a kept-alive connection may stay idle after an answer.")] = 5,
    header_timeout: Annotated[float, typer.Option(
        min=0.1, max=MAX_WAIT_SECONDS, callback=not_nan,
        help="Seconds a request's line and headers may take to arrive (from the "
        "connection's start or its last answer); the connection is closed beyond.")] = 10.0,
    body_timeout: Annotated[float, typer.Option(
        min=0.1, max=MAX_WAIT_SECONDS, callback=not_nan,
        help="Seconds a request's body may take to arrive after its headers (408 beyond).")] = 30.0,
    rate_limit: Annotated[str, typer.Option(
        help="Requests one client address may make, e.g. 1200/minute or 50/second (a moving "
        "window); 429 beyond.")] = "1200/minute",
    allowed_host: Annotated[list[str] | None, typer.Option(
        help="A Host name the server answers besides 127.0.0.1, localhost, [::1] and --host "
        "(repeatable; e.g. this machine's name when --host is 0.0.0.0); any other is refused "
        "400, against DNS rebinding.")] = None,
) -> None:
    """Run the web app: the page at http://HOST:PORT/, the JSON API under /api, its OpenAPI
    document at /docs. Ctrl+C stops it. Every limit: docs/web.md, "Limits". Needs the extra web
    (pip install 'kickoff[web]')."""
    from kickoff.extras import require

    require("web", "kickoff serve")
    _check_host(host, port)
    _check_rate_limit(rate_limit)  # the usage errors (exit 2) before the port's
    _check_port(host, port)

    from kickoff.web.app import LOOPBACK_HOSTS, create_app
    from kickoff.web.limits import Limits
    from kickoff.web.server import raise_open_files, serve, uvicorn_settings

    _shut_down_on_sighup()
    _announce(host, port)
    limits = Limits(max_connections=max_connections, idle_timeout_seconds=idle_timeout,
                    header_timeout_seconds=header_timeout, body_timeout_seconds=body_timeout,
                    rate_limit=rate_limit)
    settings = uvicorn_settings(limits, raise_open_files())
    hosts = [*LOOPBACK_HOSTS, *(allowed_host or [])]
    if host not in ("0.0.0.0", "::"):  # a wildcard address names no host: --allowed-host does
        hosts.append(f"[{host}]" if ":" in host else host)
    app = create_app(workers=workers, limits=limits, allowed_hosts=hosts)
    serve(app, host, port, settings)


def _check_host(host: str, port: int) -> None:
    """``typer.BadParameter`` (``--host``) unless ``host`` is an address or a known name."""
    import socket

    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as e:  # socket.gaierror: not an address nor a known name
        raise typer.BadParameter(f"{host!r}: no such address or host name ({e})",
                                 param_hint="--host") from None


def _check_port(host: str, port: int) -> None:
    """One line and exit status 1 when ``host:port`` cannot be listened on (the port taken by
    another server, an address not of this machine), before the address is announced: uvicorn
    would announce nothing, log its own error and exit 3."""
    import socket

    family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind((host, port))
        except OSError as e:
            fail(f"--port {port}: cannot listen on {host}:{port}: {e.strerror or e}")


def _announce(host: str, port: int) -> None:
    """The app's address on stdout, and a note on stderr when it is not loopback."""
    import ipaddress

    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"kickoff web app: http://{shown}:{port}/ (API docs: /docs; Ctrl+C stops it)")
    if not loopback:
        typer.echo(f"note: listening on {host}, not loopback: other machines can reach it",
                   err=True)


#: ``--rate-limit``'s bounds: requests per window (1 to a million) and the window's multiple
#: of its unit (``10 per 2 minutes``: 1 to a million). ``0/minute`` answered every request
#: 429 and a 20-digit amount none.
MAX_RATE = 1_000_000


def _check_rate_limit(rate_limit: str) -> None:
    """``typer.BadParameter`` (``--rate-limit``) unless ``limits`` reads ``rate_limit`` and
    its amount and multiple are within 1 .. :data:`MAX_RATE`."""
    from limits import parse

    try:
        item = parse(rate_limit)
    except ValueError as e:
        raise typer.BadParameter(f"{rate_limit!r}: {e}", param_hint="--rate-limit") from None
    for what, value in (("requests", item.amount), ("the window's multiple", item.multiples)):
        if not 1 <= value <= MAX_RATE:
            raise typer.BadParameter(f"{rate_limit!r}: {what} {value}, out of range: 1 to "
                                     f"{MAX_RATE:,}", param_hint="--rate-limit")


def _shut_down_on_sighup() -> None:
    """SIGHUP shuts the server down as SIGINT and SIGTERM do (uvicorn's own shutdown, then the
    signal raised again: kickoff.cli.exits ends the command), not in the middle of its loop."""
    import signal

    import uvicorn.server

    if hasattr(signal, "SIGHUP") and signal.SIGHUP not in uvicorn.server.HANDLED_SIGNALS:
        uvicorn.server.HANDLED_SIGNALS = (  # type: ignore[assignment]
            *uvicorn.server.HANDLED_SIGNALS, signal.SIGHUP)


#: The commands of this module, by name: what :mod:`kickoff.cli.app` registers.
COMMANDS = {"serve": serve}
