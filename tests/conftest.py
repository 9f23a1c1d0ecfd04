import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

# The gate of the tests that need ../shared (tests/helpers.py: shared(), @pytest.mark.shared_data).
from helpers import pytest_configure, pytest_runtest_setup

# The suite's own set-up (tests/suite.py): the collection with the garbage collector paused, the
# slow tests' timeout, pytest-xdist's work units.
from suite import (
                   keep_bytecode,
                   pytest_collection,
                   pytest_collection_modifyitems,
                   pytest_xdist_auto_num_workers,
                   pytest_xdist_make_scheduler,
)

# Python's bytecode caches written and read even under PYTHONDONTWRITEBYTECODE (tests/suite.py),
# before the collection imports and rewrites the test modules; the workers and the processes
# the tests start inherit it.
keep_bytecode()

__all__ = ["pytest_collection", "pytest_collection_modifyitems", "pytest_configure",
           "pytest_runtest_setup", "pytest_xdist_auto_num_workers", "pytest_xdist_make_scheduler"]
