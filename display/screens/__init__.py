"""The screens: each draws one kind of view and hit-tests touches into intents."""

from display.screens.base import Control, Screen
from display.screens.confirm import ConfirmScreen
from display.screens.correct import CorrectScreen
from display.screens.declare import DeclareScreen
from display.screens.end import EndScreen
from display.screens.play import PlayScreen
from display.screens.replay import ReplayScreen
from display.screens.setup import SetupScreen

__all__ = [
    "ConfirmScreen",
    "Control",
    "CorrectScreen",
    "DeclareScreen",
    "EndScreen",
    "PlayScreen",
    "ReplayScreen",
    "Screen",
    "SetupScreen",
]
