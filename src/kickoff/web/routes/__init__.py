"""The web app's routes, one :class:`fastapi.APIRouter` a group (``docs/web.md``, "The API"):
:mod:`~kickoff.web.routes.reference` (the page, the catalogue, the schemas),
:mod:`~kickoff.web.routes.setups` (a match, a set-up check, set-up files in and out),
:mod:`~kickoff.web.routes.kickoffs` (a kick-off played, exact odds),
:mod:`~kickoff.web.routes.suggest` ("Suggest a set-up": a search's job, progress, cancel)."""
