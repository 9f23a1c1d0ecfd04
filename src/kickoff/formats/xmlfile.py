"""Reading the XML files other tools write (FUMBBL set-ups and rosters), safely.

Parsing is defusedxml's: a document type declaration or an entity (the usual XML attacks) is
refused, as is any text that is not well-formed XML.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element, ParseError

import defusedxml
import defusedxml.ElementTree

from kickoff.core.errors import ScenarioError
from kickoff.core.problems import Problem


def parse_root(text: str, where: str, tag: str, what: str) -> Element:
    """The root element of ``text``, which must be ``<tag>``; ``ScenarioError`` naming ``where``
    (the file) otherwise. ``what`` names the kind of file in messages ("a FUMBBL set-up")."""
    try:
        root: Element = defusedxml.ElementTree.fromstring(text)
    except defusedxml.DefusedXmlException:
        raise ScenarioError([Problem(f"a document type declaration or entity is not allowed "
                             f"in {what}", where)]) from None
    except ParseError as e:
        raise ScenarioError([Problem(f"not well-formed XML: {e}", where)]) from None
    if root.tag != tag:
        raise ScenarioError([Problem(f"the root element is <{root.tag}>, expected <{tag}>", where)])
    return root
