"""The page (``GET /``) and what it reads first: ``GET /api/catalogue`` and ``GET /api/schemas``.

The page's files are served from the package (``static/``, mounted at ``/static`` by
:func:`kickoff.web.app.create_app`).
"""

from __future__ import annotations

from importlib import resources
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse

from kickoff.formats.scenario import schemas
from kickoff.web.catalogue import catalogue

#: The page's files: ``index.html``, ``app.js``, ``style.css``.
STATIC = resources.files("kickoff.web").joinpath("static")

router = APIRouter()


@router.get("/", include_in_schema=False)
def index() -> FileResponse:
    return FileResponse(str(STATIC.joinpath("index.html")))


@router.get("/api/catalogue", tags=["reference"])
def get_catalogue() -> dict[str, Any]:
    """Rulesets and their pitches (size, Wide Zones, Lines of Scrimmage, set-up zones,
    receiving areas), the built-in teams per family and set-ups per pitch, weathers and
    objectives."""
    return catalogue()


@router.get("/api/schemas", tags=["reference"])
def get_schemas() -> dict[str, Any]:
    """The JSON Schemas of ``kickoff-scenario/1`` and ``kickoff-result/1``."""
    return schemas()
