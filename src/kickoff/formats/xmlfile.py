"""Reading the XML files other tools write (FUMBBL set-ups and rosters), safely.

Parsing is defusedxml's: a document type declaration or an entity (the usual XML attacks) is
refused, as is any text that is not well-formed XML.
"""

from __future__ import annotations

from xml.etree.ElementTree import Element, ParseError

import defusedxml
import defusedxml.ElementTree

from kickoff.core.errors import ScenarioError


def parse_root(text: str, where: str, tag: str, what: str) -> Element:
    """The root element of ``text``, which must be ``<tag>``; ``ScenarioError`` naming ``where``
    (the file) otherwise. ``what`` names the kind of file in messages ("a FUMBBL set-up")."""
    try:
        root: Element = defusedxml.ElementTree.fromstring(text)
    except defusedxml.DefusedXmlException:
        raise ScenarioError([f"{where}: a document type declaration or entity is not allowed "
                             f"in {what}"]) from None
    except ParseError as e:
        raise ScenarioError([f"{where}: not well-formed XML: {e}"]) from None
    if root.tag != tag:
        raise ScenarioError([f"{where}: the root element is <{root.tag}>, expected <{tag}>"])
    return root
