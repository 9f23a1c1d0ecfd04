"""The web app's routes, one :class:`fastapi.APIRouter` a group (``docs/web.md``, "The API"):
:mod:`.reference` (the page, the catalogue, the schemas), :mod:`.setups` (a match, a set-up
check, set-up files in and out), :mod:`.kickoffs` (a kick-off played, exact odds)."""
