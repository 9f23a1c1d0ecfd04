"""A mkdocs hook of the API reference (``mkdocs.yml``): the docstrings cross-reference in Sphinx's
roles (``:func:`kick_off```, ``:class:`~kickoff.core.state.GameState```), which Markdown shows
as the role's name before the code; the role and Sphinx's ``~`` (show the last name only) are
removed, leaving the name as code."""

from __future__ import annotations

import re
from typing import Any

_ROLE = re.compile(r":(?:py:)?(?:func|class|mod|meth|attr|data|exc|obj|const):(?=<code>)")
_TILDE = re.compile(r"<code>~([\w.]+)</code>")


def on_page_content(html: str, **_: Any) -> str:
    """The page's HTML without the roles' names; ``~a.b.C`` shown as ``C``."""
    return _TILDE.sub(lambda m: f"<code>{m.group(1).rsplit('.', 1)[-1]}</code>", _ROLE.sub("", html))
