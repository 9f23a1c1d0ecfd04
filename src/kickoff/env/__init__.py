"""The kick-off as a learning environment (issue 30): PettingZoo's AEC API for the two coaches,
a single-agent Gymnasium environment for one coach against the default coach, and the exact
value of a state as a baseline (``docs/env.md``).

Needs the extra ``env`` (``pip install 'kickoff[env]'``: PettingZoo and Gymnasium); importing it
without them raises :class:`~kickoff.extras.MissingExtra` naming it.

>>> from kickoff.env import env
>>> e = env(ruleset="bb2020")
>>> e.reset(seed=1)
>>> e.agent_selection
'kicking'
"""

from kickoff.extras import require

require("env", "kickoff.env")

from kickoff.env.aec import KickoffEnv, env, raw_env  # noqa: E402
from kickoff.env.game import AGENTS, KINDS, PLANE_NAMES, PLAYED, KickoffGame  # noqa: E402
from kickoff.env.single import SingleCoachEnv  # noqa: E402

__all__ = ["AGENTS", "KINDS", "PLANE_NAMES", "PLAYED", "KickoffEnv", "KickoffGame",
           "SingleCoachEnv", "env", "raw_env"]
