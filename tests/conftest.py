import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

# The gate of the tests that need ../shared (tests/helpers.py: shared(), @pytest.mark.shared_data).
from helpers import pytest_configure, pytest_runtest_setup

__all__ = ["pytest_configure", "pytest_runtest_setup"]
