"""Names vulture (the dead-code check of ``.ci/run``, configured in ``pyproject.toml``'s
``[tool.vulture]``) cannot see used: each is read by a library at run time, never by our code.
Not executed; one line a name, with who uses it. Typer commands and callbacks, FastAPI routes and
exception handlers are covered by ``ignore_decorators``, pydantic's ``model_config`` by
``ignore_names``; a name listed here must be used, never just unused."""

# ruff: noqa
# mypy: ignore-errors

# kickoff.web.models: fields of the API's pydantic response models, written into the JSON answer
# by FastAPI (docs/web.md) and read by the page.
_.valid  # Validation.valid (POST /api/validate)
_.ball_on_ground  # OddsAnswer.ball_on_ground, RankedTargetOut.ball_on_ground (POST /api/odds*)
_.higher_is_better  # AllTargetsAnswer.higher_is_better (POST /api/odds/all)
_.choices_by_event  # OddsAnswer, RankedTargetOut.choices_by_event (POST /api/odds*; read by clients)
_.plan_budget_given  # PlansApplied.plan_budget_given (POST /api/odds*; read by the page)

# kickoff.core.actions.block: BlockResult's "who went down", the block's result for its callers
# (tests/actions/test_actions_block.py reads them; the engine itself only needs the turnover).
_.attacker_down  # BlockResult.attacker_down
_.defender_down  # BlockResult.defender_down

# kickoff.cli.app: the --version option of the Typer callback; Typer passes it, _version reads it.
show_version

# kickoff.analysis.exact.chance.Rational: a Protocol of GMP's mpq; its operators are what mypy checks
# every probability's sums, products and comparisons against (the solver's arithmetic).
_.__add__, _.__radd__, _.__sub__, _.__rsub__, _.__mul__, _.__rmul__  # Rational
_.__truediv__, _.__rtruediv__, _.__eq__, _.__lt__, _.__gt__  # Rational

# kickoff.core.coach: the decision interface's coach of the defaults and the solver's coach that
# answers a run's decisions from a path of option indexes, for callers (tests/test_coach_interface.py
# enumerates every play with them; issue 24's coaches at their best, point 2, build on them).
DEFAULTS
PathCoach

# kickoff.analysis.advisor: Suggestion's set-up of the best value the search met, beside the
# suggestion the tie-break chose, for its callers (tests/test_advisor_coach.py reads it).
_.best_squares  # Suggestion.best_squares

# kickoff.env: what PettingZoo's AECEnv and Gymnasium's Env read of an environment (their API:
# the spaces, the agents, the infos, observe, metadata), called by the libraries and by learners.
_.metadata, _.possible_agents, _.infos, _.observe  # KickoffEnv, SingleCoachEnv
_.observation_space, _.action_space  # KickoffEnv's methods, SingleCoachEnv's attributes

# kickoff.analysis.exact.walks: the walks' count of parts answered by a walk met before, for the
# tests and benchmarks (tests/test_exact_walks.py reads it: fewer member chains, as many hits).
_.hits  # Walks.hits

# kickoff.analysis.exact.walk_values: the loops found solved again, for the tests and benchmarks
# (tests/test_exact_walk_values.py reads it: a start entering a loop met before solves none).
_.loops_met  # WalkValues.loops_met
