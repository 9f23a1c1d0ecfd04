"""The exact solver: the kick-off's exact odds and Kick It!'s, as exact fractions.

Its parts, each a module of its own (``docs/architecture.md``, "analysis"): the enumerator of
chance (``chance``), the absorbing-chain solver (``chain``), the sharing keys of the ball's
journey (``worlds``), the kick-off solver ``KickoffSolver`` (``solver``) with its odds and state
numbering (``odds``), the coaches' best choices (``best``), the journeys (``journey``), the
events' worlds (``events``), moved set-ups (``moved``), and the Kick It! Kick action's exact odds
(``kick``). Import the public names from ``kickoff.analysis``.
"""
