"""Shared fixtures: the read-only test data beside the project (``../shared/data``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# The machines this runs on are shared and small (2 cores): timing is not what the
# property tests check, so slow input generation or a slow example is never a failure.
settings.register_profile(
    "shared-machine",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("shared-machine")

PROJECT_ROOT = Path(__file__).resolve().parent.parent
SHARED = PROJECT_ROOT.parent / "shared"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """``../shared/data``; the test is skipped, with the reason, when it is absent."""
    path = SHARED / "data"
    if not path.is_dir():
        pytest.skip(f"shared test data not present at {path} (fresh clone outside the workplace)")
    return path


@pytest.fixture(scope="session")
def seeds_dir() -> Path:
    """``../shared/seeds``, the four rule texts; skipped when absent."""
    path = SHARED / "seeds"
    if not path.is_dir():
        pytest.skip(f"seed texts not present at {path}")
    return path
