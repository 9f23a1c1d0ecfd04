"""A FUMBBL replay by its id: downloaded once over HTTPS, kept in a local cache folder.

FUMBBL serves a game's replay as gzipped JSON at ``https://fumbbl.com/api/replay/get/<id>/gz``
(no account needed; the endpoint the public tools that download FUMBBL replays use, e.g.
gsverhoeven/fumbbl_replays). The id is the *replay* id, the one the shared replays are named by
(``1559380.json.gz``); a FUMBBL *match* id differs (``/api/match/get/<match id>`` gives its
``replayId``). See ``docs/fumbbl.md``, "Fetching by game id".

One polite request per replay: a ``User-Agent`` naming kickoff, a timeout
(:data:`~kickoff.defaults.FUMBBL_TIMEOUT`), at most :data:`~kickoff.formats.reading.MAX_INPUT_BYTES`
read; the body is read as a replay (:func:`~kickoff.formats.fumbbl.log.read_replay`) before it
is kept, so the cache only ever holds replays (written whole or not at all). A replay already in
the cache is never asked for again.

Every problem (offline, the server refusing, a 404, a timeout, a truncated body, a body that is
not a replay) raises :class:`~kickoff.core.errors.ScenarioError` with a one-line message naming
the game id; a cache folder that cannot keep the replay, its subclass :class:`CacheError`.
"""

from __future__ import annotations

import http.client
import os
import re
import tempfile
import urllib.error
import urllib.request
from pathlib import Path
from typing import IO, BinaryIO
from urllib.parse import urlsplit

from kickoff import __version__
from kickoff.core.errors import ScenarioError
from kickoff.core.problems import Problem
from kickoff.defaults import FUMBBL_API, FUMBBL_TIMEOUT
from kickoff.formats.reading import MAX_INPUT_BYTES

#: The most digits of a FUMBBL replay id (its ids have 7 today).
MAX_ID_DIGITS = 12
#: A FUMBBL replay id: digits only (at most :data:`MAX_ID_DIGITS`).
GAME_ID = re.compile(rf"[0-9]{{1,{MAX_ID_DIGITS}}}")

#: The environment variable naming another server (tests: a loopback server); ``https`` is
#: required for any host but the loopback.
API_VARIABLE = "KICKOFF_FUMBBL_API"

USER_AGENT = f"kickoff/{__version__} (Blood Bowl kick-off analysis; one request per replay)"

_LOOPBACK = ("127.0.0.1", "localhost", "::1")


class CacheError(ScenarioError):
    """The local cache folder cannot keep a replay (it cannot be made, written, or the file
    renamed into it): the message names the folder or file, which a server does not show its
    clients (``kickoff.web.routes.review``)."""


def default_cache() -> Path:
    """The cache folder when ``--cache`` is not given: ``$XDG_CACHE_HOME/kickoff/fumbbl``, else
    ``~/.cache/kickoff/fumbbl``."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "kickoff" / "fumbbl"


def is_game_id(text: str) -> bool:
    """Whether ``text`` reads as a FUMBBL replay id (digits only) rather than a file name."""
    return GAME_ID.fullmatch(text) is not None


def api_base() -> str:
    """FUMBBL's API (:data:`~kickoff.defaults.FUMBBL_API`), or the server the environment
    variable :data:`API_VARIABLE` names; ``ScenarioError`` for a plain-HTTP server that is not
    on the loopback, and for what is no server's address (no host, a port out of range, a
    query or fragment the replay's path would follow)."""
    base = os.environ.get(API_VARIABLE) or FUMBBL_API
    try:
        parts = urlsplit(base)
        parts.port  # noqa: B018  (a port out of range raises here)
    except ValueError as e:  # ``http://[::1``: a traceback before 2026-12-08
        raise ScenarioError([f"{API_VARIABLE}={base}: not a server's address ({e})"]) from None
    if not _secure(base):
        raise ScenarioError([f"{API_VARIABLE}={base}: replays are fetched over https only"])
    if not parts.hostname or parts.query or parts.fragment:  # the replay's path goes after it
        raise ScenarioError([f"{API_VARIABLE}={base}: not a server's address (a host, no "
                             "query or fragment: http://127.0.0.1:8000/api)"])
    return base.rstrip("/")


def _secure(url: str) -> bool:
    """Whether ``url`` may be asked: ``https``, or plain ``http`` on the loopback."""
    parts = urlsplit(url)
    return parts.scheme == "https" or (parts.scheme == "http" and parts.hostname in _LOOPBACK)


class _Insecure(Exception):
    """A redirect to an address :func:`_secure` refuses (its ``url``)."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.url = url


class _SecureRedirects(urllib.request.HTTPRedirectHandler):
    """Redirects followed only where the first request could go: a server's redirect from
    https to plain http (or to ftp, which urllib follows too) is never asked."""

    def redirect_request(self, req: urllib.request.Request, fp: IO[bytes], code: int, msg: str,
                         headers: http.client.HTTPMessage, newurl: str) -> urllib.request.Request | None:
        try:
            secure = _secure(newurl)
        except ValueError:
            secure = False
        if not secure:
            fp.close()
            raise _Insecure(newurl)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def replay_url(game: str) -> str:
    """The address of the gzipped replay of game ``game``."""
    return f"{api_base()}/replay/get/{game}/gz"


def _download(game: str, timeout: float, limit: int) -> bytes:
    """The body of the one request for ``game``'s replay (at most ``limit`` bytes)."""
    url = replay_url(game)
    where = f"FUMBBL game {game}"
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT,
                                                   "Accept": "application/gzip"})
    try:
        with urllib.request.build_opener(_SecureRedirects).open(request, timeout=timeout) as response:
            body: bytes = response.read(limit + 1)
            declared = response.headers.get("Content-Length", "")
    except _Insecure as e:
        raise ScenarioError([f"{where}: the server redirected the download to {e.url[:200]}, "
                             f"which is not https: not followed ({url})"]) from None
    except urllib.error.HTTPError as e:
        if e.code == 404:
            raise ScenarioError([f"{where}: no such game on FUMBBL ({url}: 404)"]) from None
        raise ScenarioError([f"{where}: FUMBBL answered {e.code} {e.reason} ({url})"]) from None
    except urllib.error.URLError as e:
        reason = e.reason
        if isinstance(reason, TimeoutError):
            raise ScenarioError([f"{where}: FUMBBL did not answer within {timeout:g} s "
                                 f"({url})"]) from None
        raise ScenarioError([f"{where}: cannot reach FUMBBL, offline? ({url}: {reason})"]) from None
    except TimeoutError:
        raise ScenarioError([f"{where}: FUMBBL did not answer within {timeout:g} s "
                             f"({url})"]) from None
    except http.client.IncompleteRead as e:
        raise ScenarioError([f"{where}: the download was cut off after {len(e.partial):,} "
                             f"bytes ({url})"]) from None
    except (OSError, http.client.HTTPException) as e:
        raise ScenarioError([f"{where}: the download failed ({url}: {e})"]) from None
    if declared.isdigit() and len(body) < int(declared) <= limit:
        raise ScenarioError([f"{where}: the download was cut off after {len(body):,} of "
                             f"{int(declared):,} bytes ({url})"])
    if len(body) > limit:
        raise ScenarioError([f"{where}: the replay is longer than {limit:,} bytes, the most "
                             f"kickoff reads ({url})"])
    return body


def _one_line(e: ScenarioError, where: str) -> str:
    return str(e).splitlines()[0].replace(where, "").lstrip(": ")


def _cache_folder(game: str, folder: Path) -> None:
    """Make the cache ``folder`` if missing; ``ScenarioError`` naming it (and the file in its
    way, if any) when it cannot be made."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        blocker = next((p for p in (folder, *folder.parents) if p.exists()), None)
        why = (f"{blocker} is a file, not a folder" if blocker is not None
               and not blocker.is_dir() else e.strerror or str(e))
        raise CacheError([f"FUMBBL game {game}: cannot make the cache folder {folder}: "
                             f"{why}"]) from None


def fetch_replay(game: str, cache: Path | None = None, timeout: float = FUMBBL_TIMEOUT,
                 limit: int = MAX_INPUT_BYTES) -> Path:
    """The path of game ``game``'s replay in ``cache`` (:func:`default_cache` when ``None``),
    downloading it first when it is not there (``<cache>/<game>.json.gz``).

    Raises ``ScenarioError`` (one line naming the game) for an id that is not digits, a cache
    folder that cannot be written, and every download problem; a body that is not a replay
    (not gzip, not JSON, not FUMBBL's shape, cut off inside its gzip stream) is never kept.
    """
    if not is_game_id(game):
        raise ScenarioError([f"{game!r}: a FUMBBL game id is digits only"])
    folder = cache if cache is not None else default_cache()
    path = folder / f"{game}.json.gz"
    try:
        if path.is_file():
            return path
    except OSError as e:  # a folder that may not be searched (no x permission)
        raise CacheError([f"FUMBBL game {game}: cannot read the cache folder {folder}: "
                          f"{e.strerror or e}"]) from None
    # the folder made and the temporary file opened before the request: a cache that cannot
    # keep the replay (a file in its way, a folder that may not be written) asks FUMBBL nothing
    _cache_folder(game, folder)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f".{game}-", suffix=".part", dir=folder)
    except OSError as e:
        raise CacheError([f"FUMBBL game {game}: cannot write the cache folder {folder}: "
                             f"{e.strerror or e}"]) from None
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "wb") as f:
            _keep(game, _download(game, timeout, limit), f, tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


def _keep(game: str, body: bytes, f: BinaryIO, tmp: Path, path: Path) -> None:
    """``body`` written to the temporary file ``tmp`` (open as ``f``, closed here), read as a
    replay, then renamed ``path``; ``ScenarioError`` naming the game when it is not a replay,
    or when it cannot be written or renamed (a full disk; a folder of that name in the way)."""
    from kickoff.formats.fumbbl.log import read_replay

    try:
        with f:
            f.write(body)
        try:
            read_replay(tmp)
        except ScenarioError as e:
            raise ScenarioError([f"FUMBBL game {game}: the download is not a replay: "
                                 + _one_line(e, str(tmp))]) from None
        os.replace(tmp, path)
    except OSError as e:
        raise CacheError([f"FUMBBL game {game}: cannot keep the replay in the cache folder "
                             f"as {path}: {e.strerror or e}"]) from None


def replay_path(source: str, cache: Path | None = None,
                timeout: float = FUMBBL_TIMEOUT) -> Path:
    """A replay command's argument as a file: an existing file (or folder) as given, a game id
    (digits only, no such file) fetched with :func:`fetch_replay`, anything else as a path
    (its reader names the problem); ``ScenarioError`` for digits too many for a game id that
    name no file."""
    path = Path(source)
    try:
        if path.exists():
            return path
    except OSError:  # a name too long for the file system: no file, and its reader says so
        return path
    if is_game_id(source):
        return fetch_replay(source, cache, timeout)
    if source.isascii() and source.isdigit():
        raise ScenarioError([Problem(
            f"no such file, and not a FUMBBL game id (1 to {MAX_ID_DIGITS} digits)", source)])
    return path
