"""The web app for coaches (``kickoff serve``, ``docs/web.md``): a JSON API over the project's
public Python API and one page (``static/``) to set up on a pitch, see the odds of every kick
and watch a kick-off. :func:`kickoff.web.app.create_app` builds it.

Needs the extra ``web`` (``pip install 'kickoff[web]'``): importing it without FastAPI or uvicorn
raises :class:`~kickoff.extras.MissingExtra` naming it."""

from kickoff.extras import require

require("web", "kickoff.web")
