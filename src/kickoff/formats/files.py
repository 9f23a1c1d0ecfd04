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
    umask = os.umask(0)
    os.umask(umask)
    with _signals_held():
        _write_staged(contents, umask)


def _write_staged(contents: Mapping[Path, str | bytes], umask: int) -> None:
    """:func:`write_files`' work, its signals held back (a temporary file made but not yet
    recorded, then left behind by a signal's exception, was the race this closes)."""
    import tempfile  # here: only a command that writes (start-up, issue 16)

    staged: list[tuple[str, Path, Path]] = []
    try:
        for named, content in contents.items():
            path = _target(named)
            data = content.encode("utf-8") if isinstance(content, str) else content
            try:
                fd, temp = tempfile.mkstemp(dir=path.parent, prefix=_temp_prefix(path),
                                            suffix=".part")
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
    """SIGINT, SIGTERM and SIGHUP held back while the block runs, handled as it ends: a temporary
    file is then either recorded for its clean-up or not made, and a clean-up is never cut
    short. In the main thread (Python runs signal handlers there only), their handlers are
    replaced for the block by one that notes the signal; the first noted is handed to its own
    handler as the block ends, exception or not (``kickoff.cli.exits``: the command stops). A
    signal mask held nothing: the command's other threads (its wake-up thread, Dask's)
    received the signal and its handler ran in the main thread all the same. Outside the main
    thread nothing needs holding."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[int] = []
    before: dict[int, Any] = {}
    try:
        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            signum = getattr(signal, name, None)
            # an ignored signal stays ignored; one whose handler is not Python's, untouched
            if signum is not None and signal.getsignal(signum) not in (signal.SIG_IGN, None):
                before[signum] = signal.signal(signum, lambda s, _frame: noted.append(s))
        yield
    finally:
        _restore_handlers(before)
        if noted:
            handler = before[noted[0]]
            if callable(handler):
                handler(noted[0], None)
            else:  # SIG_DFL: its default action, now (a library's caller ends as it would have)
                signal.raise_signal(noted[0])


def _restore_handlers(before: dict[int, Any]) -> None:
    """Each signal's handler set back to ``before``'s. ``signal.signal`` first runs the handlers
    of the signals pending, and an exception of theirs (a signal that came as the block ended)
    is raised after every handler is set back, not in their midst."""
    raised: BaseException | None = None
    for signum, handler in before.items():
        while True:
            try:
                signal.signal(signum, handler)
                break
            except BaseException as e:  # raised before the change: tried again
                raised = raised or e
    if raised is not None:
        raise raised


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
