"""Fixtures shared by the device tests: GPIO pins faked with gpiozero's MockFactory."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    mock = MockFactory()
    Device.pin_factory = mock
    yield mock
    mock.reset()
    Device.pin_factory = None
