import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

# The gate of the tests that need ../shared (tests/helpers.py: shared(), @pytest.mark.shared_data).
from helpers import pytest_configure, pytest_runtest_setup

__all__ = ["pytest_collection_modifyitems", "pytest_configure", "pytest_runtest_setup"]

#: The timeout of a slow test that names none (seconds): pyproject's default (180 s) is the
#: quick suite's.
SLOW_TIMEOUT = 900


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A slow test without its own ``@pytest.mark.timeout`` gets :data:`SLOW_TIMEOUT`."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TIMEOUT))
