"""``kickoff serve``: the web app for coaches (``docs/web.md``), on loopback by default."""

from __future__ import annotations

from typing import Annotated

import typer

from kickoff.analysis.simulate import max_jobs


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (loopback by default; another "
                                      "address lets other machines in).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    workers: Annotated[int, typer.Option(min=1, max=max(2, max_jobs()),
                                         help="Worker processes computing exact odds, 1 to "
                                         "the number of CPUs of this machine (at least "
                                         "2).")] = 2,
) -> None:
    """Run the web app: the page at http://HOST:PORT/, the JSON API under /api, its OpenAPI
    document at /docs. Ctrl+C stops it."""
    import ipaddress
    import socket

    import uvicorn

    from kickoff.web.app import create_app

    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as e:  # socket.gaierror: not an address nor a known name
        raise typer.BadParameter(f"{host!r}: no such address or host name ({e})",
                                 param_hint="--host") from None
    import signal

    import uvicorn.server

    # SIGHUP shuts the server down as SIGINT and SIGTERM do (uvicorn's own shutdown, then the
    # signal raised again: kickoff.cli.exits ends the command), not in the middle of its loop.
    if hasattr(signal, "SIGHUP") and signal.SIGHUP not in uvicorn.server.HANDLED_SIGNALS:
        uvicorn.server.HANDLED_SIGNALS = (  # type: ignore[assignment]
            *uvicorn.server.HANDLED_SIGNALS, signal.SIGHUP)
    try:
        loopback = host == "localhost" or ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = False
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"kickoff web app: http://{shown}:{port}/ (API docs: /docs; Ctrl+C stops it)")
    if not loopback:
        typer.echo(f"note: listening on {host}, not loopback: other machines can reach it",
                   err=True)
    uvicorn.run(create_app(workers=workers), host=host, port=port, log_level="warning")


#: The commands of this module, by name: what :mod:`kickoff.cli.app` registers.
COMMANDS = {"serve": serve}
