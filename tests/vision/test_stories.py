"""A seat's second play watched as the camera pipeline sees it (vision.stories)."""

from __future__ import annotations

from gouji.cards import format_cards, parse_cards
from vision.faces import DrawnFaces
from vision.recognize import Recognizer
from vision.stories import watch_second_play
from vision.synth import SceneGenerator
from vision.watch import ZoneChange


def test_a_second_play_is_watched_and_read_over_the_first() -> None:
    gen = SceneGenerator(DrawnFaces(0), size=(1280, 720))
    play = watch_second_play(gen, 3, 2, parse_cards("99"), parse_cards("QQQ"))
    assert play.event is not None
    assert play.event.change is ZoneChange.ADDED and play.event.seat == 2
    assert play.event.before is not None  # read over the frame before it
    reading = play.read(Recognizer())
    assert format_cards(reading.cards) == "QQQ"
