"""Reading input within limits: one function per source and per format, used by every reader.

Every file, stdin and web text the project parses goes through these (``docs/formats.md``,
"Limits"):

* :func:`read_text` / :func:`read_stream` / :func:`read_bytes`: at most :data:`MAX_INPUT_BYTES`
  (characters of a text, bytes of a binary file) are read; a longer input (``/dev/zero``) is
  refused, never read whole.
* :func:`inflate_gzip`: a gzip stream inflates to at most :data:`MAX_INPUT_BYTES`; more (a "zip
  bomb") is refused as it inflates.
* :func:`load_json` / :func:`load_toml`: the standard library's parsers (``json``,
  ``tomllib``); nesting deeper than Python's recursion limit allows (about 980 levels of JSON,
  500 of TOML), a TOML key of more than :data:`MAX_KEY_PARTS` dotted parts (``tomllib``'s cost
  is quadratic in them) and an integer literal longer than Python's limit on integer digits
  (4,300, ``sys.get_int_max_str_digits``) are refused like any other invalid text.

Each refusal is a ``ScenarioError`` whose one line names the source (``where``) and, where it is
known, the line and column; ``where=None`` leaves the line unprefixed, for callers that prefix it.
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from kickoff.core.errors import ScenarioError
from kickoff.core.problems import Problem

if TYPE_CHECKING:
    import json

#: The most a reader takes in: characters of a text file or stdin, bytes of a binary file, bytes
#: a gzip replay inflates to (32 MiB; the largest real FUMBBL replay is about 4 MB inflated, a
#: scenario or set-up file a few KB).
MAX_INPUT_BYTES = 32 * 1024 * 1024


def _too_large(where: str, limit: int, what: str = "longer than") -> ScenarioError:
    return ScenarioError([Problem(f"{what} {limit:,} bytes ({limit / 2**20:g} MiB), the most "
                          "kickoff reads", where)])


def read_stream(stream: TextIO | None, where: str, limit: int = MAX_INPUT_BYTES) -> str:
    """At most ``limit`` characters of an open text stream (stdin); ``ScenarioError`` naming
    ``where`` for a longer one (nothing more is read), one that is not UTF-8 text (also when
    the stream decodes bytes as lone surrogates, as Python's stdin does) or none at all
    (``None``: stdin closed, ``<&-``)."""
    if stream is None:
        raise ScenarioError([Problem("cannot read: it is closed", where)])
    try:
        text = stream.read(limit + 1)
        text.encode("utf-8")  # a byte that is not UTF-8, read as a surrogate ("\udcff")
    except UnicodeError:
        raise ScenarioError([Problem("cannot read: not UTF-8 text", where)]) from None
    except (OSError, ValueError) as e:  # ValueError: a closed file object
        raise ScenarioError([Problem(f"cannot read: {getattr(e, 'strerror', None) or e}", where)]
                            ) from None
    if len(text) > limit:
        raise _too_large(where, limit)
    return text


def read_text(path: str | Path, where: str | None = None, limit: int = MAX_INPUT_BYTES) -> str:
    """The UTF-8 text of the file at ``path`` (at most ``limit`` characters).

    ``ScenarioError`` naming ``where`` (default: the path) for an empty name, a missing file, a
    folder, an unreadable file (a name too long for the file system too), text that is not UTF-8 or a file
    longer than ``limit``."""
    where = str(path) if where is None else where
    if not str(path):  # Path("") is the current folder: "is a folder", naming nothing
        raise ScenarioError([Problem("the file name is empty: name a file", where or "FILE")])
    try:
        if Path(path).is_dir():
            raise ScenarioError([Problem("is a folder, not a file", where)])
        with open(path, encoding="utf-8") as f:
            return read_stream(f, where, limit)
    except FileNotFoundError:
        raise ScenarioError([Problem("no such file", where)]) from None
    except OSError as e:
        raise ScenarioError([Problem(f"cannot read: {e.strerror or e}", where)]) from None


def read_bytes(path: str | Path, where: str | None = None, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of the file at ``path`` (at most ``limit``); ``ScenarioError`` as
    :func:`read_text`."""
    where = str(path) if where is None else where
    if not str(path):  # Path("") is the current folder: "is a folder", naming nothing
        raise ScenarioError([Problem("the file name is empty: name a file", where or "FILE")])
    try:
        if Path(path).is_dir():
            raise ScenarioError([Problem("is a folder, not a file", where)])
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except FileNotFoundError:
        raise ScenarioError([Problem("no such file", where)]) from None
    except OSError as e:
        raise ScenarioError([Problem(f"cannot read: {e.strerror or e}", where)]) from None
    if len(raw) > limit:
        raise _too_large(where, limit)
    return raw


def inflate_gzip(raw: bytes, where: str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The inflated bytes of the gzip stream ``raw`` (at most ``limit``: inflating stops there).

    ``ScenarioError`` naming ``where`` for a truncated or corrupt stream, or one inflating to
    more than ``limit`` bytes."""
    import gzip  # here: a replay's stream only (start-up, issue 16)
    import io
    import zlib

    try:
        with gzip.GzipFile(fileobj=io.BytesIO(raw)) as f:
            data = f.read(limit + 1)
    except (EOFError, OSError, zlib.error) as e:
        raise ScenarioError([Problem(f"not a complete gzip file ({e})", where)]) from None
    if len(data) > limit:
        raise _too_large(where, limit, "inflates to more than")
    return data


def _line_col(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    return f"line {line} column {index - (text.rfind(chr(10), 0, index) + 1) + 1}"


def _digits_problem(text: str, e: ValueError) -> str | None:
    """The message of an integer literal past Python's digit limit (``e`` raised for it), with its
    line and column when the text shows where; ``None`` if ``e`` is another error."""
    if "integer string conversion" not in str(e):
        return None
    limit = sys.get_int_max_str_digits()
    found = re.search(rf"\d{{{limit + 1},}}", text)
    at = f" at {_line_col(text, found.start())}" if found else ""
    return f"an integer literal{at} has more than {limit:,} digits, the most kickoff reads"


#: What a RecursionError of a parser means to the reader.
TOO_DEEP = "nested too deeply (hundreds of {} inside one another)"


def limit_problem(e: BaseException) -> str | None:
    """The message of a parser's error that is one of the limits of this module (nesting too
    deep, an integer too long), without a position; ``None`` for any other error. For text
    parsed elsewhere (the web app's request bodies)."""
    if isinstance(e, RecursionError):
        return TOO_DEEP.format("arrays or objects")
    if isinstance(e, ValueError) and "integer string conversion" in str(e):
        return (f"an integer literal has more than {sys.get_int_max_str_digits():,} digits, "
                "the most kickoff reads")
    return None


#: The start of a TOML file of kickoff's (a set-up or a team file: comments, then ``name = ``
#: or a table's header ``[positions]``), which a JSON reader was given by mistake.
_TOML_START = re.compile(r"\A(?:\s*#[^\n]*\n)*\s*(?:[A-Za-z_][\w-]*\s*=|\[\[?[A-Za-z_])")


class _Twice(dict[str, Any]):
    """A JSON object read with a key given more than once (:func:`load_json`'s
    ``unique_keys``): ``twice``, those keys, in the order they came."""

    twice: list[str]


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook`` of :func:`load_json` with ``unique_keys``: the object as
    ``json.loads`` makes it (the last value of a key), marked when a key came twice."""
    obj = dict(pairs)
    if len(obj) == len(pairs):
        return obj
    marked = _Twice(obj)
    seen: set[str] = set()
    marked.twice = []
    for k, _ in pairs:
        if k in seen:
            marked.twice.append(k)
        seen.add(k)
    return marked


def _twice_path(doc: Any, path: str = "") -> str | None:
    """The key path (``teams.home.players[3].square``) of the first key given twice in
    ``doc`` (read with :func:`_object`), ``None`` for none."""
    if isinstance(doc, _Twice):
        return f"{path}.{doc.twice[0]}" if path else doc.twice[0]
    items = (doc.items() if isinstance(doc, dict) else
             ((f"[{i}]", v) for i, v in enumerate(doc)) if isinstance(doc, list) else ())
    for key, value in items:
        inner = (f"{path}{key}" if key.startswith("[") else f"{path}.{key}" if path else key)
        found = _twice_path(value, inner) if isinstance(value, dict | list) else None
        if found is not None:
            return found
    return None


def _json_problem(e: json.JSONDecodeError) -> str:
    """What is wrong with a document ``json.loads`` refused, in words: a TOML file, a byte
    order mark (Python's words for it, "decode using utf-8-sig", are no help), else Python's."""
    if _TOML_START.match(e.doc):
        return "it looks like TOML (a kickoff set-up or team file?)"
    if e.doc.startswith("\ufeff"):
        return ("it starts with a byte order mark (U+FEFF, an editor's \"UTF-8 with BOM\"): "
                "save it as UTF-8 without one")
    return str(e)


def load_json(text: str | bytes, where: str | None = None, *, unique_keys: bool = False) -> Any:
    """The JSON document ``text`` (``json.loads``); ``ScenarioError`` (``where: not valid JSON:
    ...``) for invalid JSON, nesting too deep or an integer literal too long, and with
    ``unique_keys`` (a document people write: a scenario, a set-up) for a key given twice in
    one object, naming its key path (``json.loads`` keeps the last value and drops the other,
    saying nothing: a hand-edited ``"kicking"`` given twice played the second)."""
    import json  # here: a command that reads TOML only does not import it (start-up, issue 16)

    try:
        if unique_keys:
            doc = json.loads(text, object_pairs_hook=_object)
            twice = _twice_path(doc)
            if twice is not None:
                where_twice = f"{where}: {twice}" if where else twice
                raise ScenarioError([Problem("given twice in one object (JSON would keep only "
                                             "the last): keep one", where_twice)])
            return doc
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ScenarioError([Problem(f"not valid JSON: {_json_problem(e)}", where or "")]
                            ) from None
    except RecursionError:
        deep = TOO_DEEP.format("arrays or objects")
        raise ScenarioError([Problem(f"not valid JSON: {deep}", where or "")]) from None
    except UnicodeDecodeError:
        raise ScenarioError([Problem("not valid JSON: not UTF-8 text", where or "")]) from None
    except ValueError as e:
        shown = text if isinstance(text, str) else text.decode("utf-8", "replace")
        problem = _digits_problem(shown, e)
        if problem is None:
            raise
        raise ScenarioError([Problem(f"not valid JSON: {problem}", where or "")]) from None


#: The most parts a TOML key may have (``a.b.c`` has 3), in a table's header (``[a.b.c]``) or
#: before a value (``a.b.c = 1``): kickoff's files use 3 at most. ``tomllib`` spends time and
#: memory quadratic in a key's parts (a 40 KB file of one key: more than 1 GB), so a longer key
#: is refused before it parses (:func:`load_toml`).
MAX_KEY_PARTS = 16
#: One part of a key and its dot: bare, "basic" or 'literal' (TOML 1.0, "Keys").
_KEY_PART = r"""(?:[A-Za-z0-9_-]+|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')[ \t]*\.[ \t]*"""
#: More than :data:`MAX_KEY_PARTS` parts where a key may start: a line's start, a header's ``[``
#: or ``[[``, an inline table's ``{`` or ``,``. Linear: each attempt stops at the first character
#: that is no part of a key (a text in a value that looks like such a key is refused too).
_DEEP_KEY = re.compile(rf"(?:^|[\[{{,])[ \t]*\[?[ \t]*(?:{_KEY_PART}){{{MAX_KEY_PARTS},}}",
                       re.MULTILINE)


def deep_key_problem(text: str) -> str | None:
    """The message for a key of more than :data:`MAX_KEY_PARTS` parts in the TOML text ``text``,
    with its line and column; ``None`` when there is none."""
    found = _DEEP_KEY.search(text)
    if found is None:
        return None
    return (f"a key at {_line_col(text, found.start())} has more than {MAX_KEY_PARTS} dotted "
            "parts, the most kickoff reads")


def load_toml(text: str, where: str | None = None) -> dict[str, Any]:
    """The TOML document ``text`` (``tomllib.loads``); ``ScenarioError`` (``where: not valid
    TOML: ...``) for invalid TOML, nesting too deep, a key of more than :data:`MAX_KEY_PARTS`
    dotted parts or an integer literal too long."""
    deep = deep_key_problem(text)
    if deep is not None:
        raise ScenarioError([Problem(f"not valid TOML: {deep}", where or "")])
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ScenarioError([Problem(f"not valid TOML: {e}", where or "")]) from None
    except RecursionError:
        deep = TOO_DEEP.format("arrays or tables")
        raise ScenarioError([Problem(f"not valid TOML: {deep}", where or "")]) from None
    except ValueError as e:
        problem = _digits_problem(text, e)
        if problem is None:
            raise
        raise ScenarioError([Problem(f"not valid TOML: {problem}", where or "")]) from None


#: The most problems a list shows (a file's every problem is listed, up to these; then one line
#: ``and N more problems``): a 1 MB botbowl grid of unknown letters made a million (1.64 GB,
#: 99.5 MB on stderr).
MAX_PROBLEMS = 50


def capped(problems: list[Problem], more: int = 0, where: str = "") -> list[Problem]:
    """``problems`` as they are shown: the first :data:`MAX_PROBLEMS`, then one problem
    ``and N more problems`` (at ``where``: the file, or none) for the rest of them and ``more``
    others, found but not made (a reader that stops making them at the limit). A list already
    cut (ending in a problem of code ``more_problems``) is returned as it is: a face that caps
    what a reader capped says the same."""
    if problems and problems[-1].code == "more_problems":
        return problems
    rest = max(0, len(problems) - MAX_PROBLEMS) + more
    if not rest:
        return problems
    return [*problems[:MAX_PROBLEMS],
            Problem(f"and {rest:,} more problem{'s' if rest != 1 else ''}", where,
                    code="more_problems")]


#: The most keys of one object (a JSON object, a TOML table) of a scenario, team or set-up
#: file: the most fields of any of their models is about 30, a set-up's positions 99. (A list's
#: length is the model's to bound: pydantic refuses a long one before it reads its items.)
MAX_KEYS = 200


def size_problem(doc: Any) -> str | None:
    """The message for a parsed document (``json`` or ``tomllib``'s objects) with an object of
    more than :data:`MAX_KEYS` keys, checked before pydantic builds a model of it (a million
    unknown keys, a problem each, made pydantic-core panic under 1 GB); ``None`` for a
    document within it. Iterative (any depth) and linear."""
    stack = [doc]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if len(value) > MAX_KEYS:
                return (f"an object of {len(value):,} keys, more than {MAX_KEYS}, the most "
                        "kickoff reads in one object")
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return None
