"""Files the project writes: whole or not at all, under names that are never paths from data.

:func:`write_files` writes every file of a set into a temporary file in its own folder, then
renames each over its name (``docs/formats.md``, "Files written"); :func:`file_stem` makes a name
that comes from data (a replay's game id, a set-up's name) safe as a file name's stem.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from kickoff.core.errors import ScenarioError
from kickoff.core.problems import Problem


def write_files(contents: Mapping[Path, str | bytes]) -> None:
    """Write every file of ``contents`` (text as UTF-8), all or nothing.

    Each is first written whole to a temporary file in its own folder, then every one is
    renamed over its name (``os.replace``, atomic on one file system): a write that fails
    (disk full, no permission, a folder of that name) leaves no file changed and no part-written
    file behind. A symbolic link is written through (its target replaced, the link kept); a
    device, pipe or socket (``/dev/full``) is refused, never replaced. ``ScenarioError`` naming
    the file otherwise.
    """
    import tempfile  # here: only a command that writes (start-up, issue 16)

    umask = os.umask(0)
    os.umask(umask)
    with _signals_held():
        _write_staged(contents, umask, tempfile.mkstemp)


def _write_staged(contents: Mapping[Path, str | bytes], umask: int, mkstemp: Any) -> None:
    """:func:`write_files`' work, its signals held back (a temporary file made but not yet
    recorded, then left behind by a signal's exception, was the race this closes)."""
    staged: list[tuple[str, Path, Path]] = []
    try:
        for named, content in contents.items():
            path = _target(named)
            data = content.encode("utf-8") if isinstance(content, str) else content
            try:
                fd, temp = mkstemp(dir=path.parent, prefix=_temp_prefix(path), suffix=".part")
                staged.append((temp, path, named))
                with os.fdopen(fd, "wb") as f:
                    os.fchmod(f.fileno(), 0o666 & ~umask)  # as open() would make it
                    f.write(data)
            except OSError as e:
                raise ScenarioError([Problem(f"cannot write: {e.strerror or e}", str(named))]) from None
        for temp, path, named in staged:
            try:
                os.replace(temp, path)
            except OSError as e:
                raise ScenarioError([Problem(f"cannot write: {e.strerror or e}", str(named))]) from None
    finally:
        for temp, _, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(temp)  # gone once renamed; a leftover of a failed write otherwise


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP held back in this thread while the block runs, delivered as
    it ends (``signal.pthread_sigmask``): a temporary file is then either recorded for its
    clean-up or not made, and a clean-up is never cut short. Where the platform has no signal
    mask, nothing is held."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    held = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    # the mask as it is, read first: the call that blocks them runs the signal handlers pending
    # (CPython), whose exception (kickoff.cli.exits) would leave them blocked for good
    old = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, held)
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _target(path: Path) -> Path:
    """The file that writing ``path`` replaces: a symbolic link's target (the link is kept), a
    regular file or none yet. ``ScenarioError`` for a folder, or a device, pipe or socket
    (``/dev/full``, ``/dev/stdout``): renaming over one would replace it, not write to it."""
    try:
        target = Path(os.path.realpath(path))
        if target.is_dir():
            raise ScenarioError([Problem("cannot write: is a folder", str(path))])
        if target.exists() and not target.is_file():
            raise ScenarioError([Problem("cannot write: not a regular file (a device, pipe or "
                                         "socket); name a file", str(path))])
    except OSError as e:  # a name too long for the file system, ...
        raise ScenarioError([Problem(f"cannot write: {e.strerror or e}", str(path))]) from None
    return target


#: Characters of a file's name kept in its temporary file's name (``.NAME.xxxxxxxx.part``): a
#: name near the file system's limit (255 bytes) must not fail for its temporary file's sake.
TEMP_NAME_CHARS = 48


def _temp_prefix(path: Path) -> str:
    return f".{path.name[:TEMP_NAME_CHARS]}."


def check_writable(path: Path) -> None:
    """Refuse now what :func:`write_files` would refuse when the file is written, for commands
    that work long before they write (``setup optimize --out``): a folder, a device, pipe or
    socket, a folder that does not exist or cannot be written into. ``ScenarioError`` naming
    the file. It writes nothing."""
    folder = _target(path).parent
    if not folder.is_dir():
        raise ScenarioError([Problem("cannot write: no such folder", str(path))])
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ScenarioError([Problem("cannot write: permission denied", str(path))])


def make_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) for files to be written into, if it is not there;
    ``ScenarioError`` naming it if it is a file or cannot be made."""
    try:
        if folder.exists() and not folder.is_dir():
            raise ScenarioError([Problem("not a folder", str(folder))])
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ScenarioError([Problem(f"cannot create the folder: {e.strerror or e}", str(folder))]) from None


def file_stem(name: str, default: str = "game") -> str:
    """``name`` as a file name's stem, for names that come from data (a replay's game id):
    letters, digits, ``-`` and ``_`` kept, any other character (``/``, ``.``, ``\\``) an
    ``_``, at most 64 characters; ``default`` if nothing is left. Never a path."""
    stem = re.sub(r"[^A-Za-z0-9_-]", "_", name)[:64].strip("_")
    return stem or default


def write_stream(named: Path, parts: Iterable[bytes]) -> int:
    """Write ``parts`` one after another into ``named``, whole or not at all, as
    :func:`write_files` does for one file, without holding more than one part in memory (a
    stream of records, ``kickoff simulate --records``): written into a temporary file in its
    folder, renamed over the name once the last part is written. The number of bytes written.
    ``ScenarioError`` naming the file if it cannot be written; an exception of ``parts`` (a
    signal, an error of the work) leaves no file behind either and passes as it is."""
    import tempfile  # here: only a command that writes (start-up, issue 16)

    umask = os.umask(0)
    os.umask(umask)
    path = _target(named)
    temp: str | None = None
    written = 0
    try:
        try:
            with _signals_held():  # made and recorded, or not made
                fd, temp = tempfile.mkstemp(dir=path.parent, prefix=_temp_prefix(path),
                                            suffix=".part")
            f = os.fdopen(fd, "wb")
        except OSError as e:
            raise ScenarioError([Problem(f"cannot write: {e.strerror or e}", str(named))]) from None
        with f:
            os.fchmod(f.fileno(), 0o666 & ~umask)
            for part in parts:
                try:
                    f.write(part)
                except OSError as e:
                    raise ScenarioError([Problem(f"cannot write: {e.strerror or e}",
                                                 str(named))]) from None
                written += len(part)
        try:
            os.replace(temp, path)
        except OSError as e:
            raise ScenarioError([Problem(f"cannot write: {e.strerror or e}", str(named))]) from None
    finally:
        if temp is not None:
            with _signals_held(), contextlib.suppress(OSError):
                os.unlink(temp)  # gone once renamed; a leftover of a failed write otherwise
    return written
