"""What a touch or click on a screen asks for (意图).

Screens never act: hit-testing returns one of these values and the device's
main loop decides what it means (append an event, change screen, toggle an
option).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Confirm:
    """Enter this reading of the unsure play (the best guess or a correction)."""

    cards: str


@dataclass(frozen=True)
class Retake:
    """None of the candidates is right: read the play zone again."""


@dataclass(frozen=True)
class EditReading:
    """None of the candidates is right and reading again will not help: enter the cards by hand."""


@dataclass(frozen=True)
class AddCard:
    """Add one card of ``rank`` to the entry (notation: ``3`` … ``A``, ``2``, ``B``, ``R``)."""

    rank: str


@dataclass(frozen=True)
class RemoveCard:
    """Take the last card off the entry."""


@dataclass(frozen=True)
class Undo:
    """Take back the last accepted event."""


@dataclass(frozen=True)
class Next:
    """Go on: next replay step, or the next deal."""


@dataclass(frozen=True)
class Prev:
    """Go back one replay step."""


@dataclass(frozen=True)
class Seek:
    """Jump to replay event ``index``."""

    index: int


@dataclass(frozen=True)
class Close:
    """Leave this screen."""


@dataclass(frozen=True)
class OpenReplay:
    """Open the referee replay."""


@dataclass(frozen=True)
class ToggleLanguage:
    """Switch between Chinese and English."""


@dataclass(frozen=True)
class ToggleReferee:
    """Switch the referee view (all counts shown) on or off."""


@dataclass(frozen=True)
class SelectSeat:
    """A seat's panel was touched."""

    seat: int


@dataclass(frozen=True)
class OpenDeclare:
    """Open the declaration menu (声明)."""


@dataclass(frozen=True)
class ChooseDeclaration:
    """Pick declaration ``what`` (a ``gouji.actions.DECLARATIONS`` key) for the chosen seat."""

    what: str


@dataclass(frozen=True)
class ConfirmDeclaration:
    """Enter ``seat``'s declaration ``what`` into the record."""

    seat: int
    what: str


@dataclass(frozen=True)
class Start:
    """Start the deal with the setup shown."""


@dataclass(frozen=True)
class Calibrate:
    """Calibrate the camera against the play mat."""


@dataclass(frozen=True)
class TeachDeck:
    """Teach the recogniser this deck's card faces."""


Intent = (
    Confirm
    | Retake
    | EditReading
    | AddCard
    | RemoveCard
    | Undo
    | Next
    | Prev
    | Seek
    | Close
    | OpenReplay
    | ToggleLanguage
    | ToggleReferee
    | SelectSeat
    | OpenDeclare
    | ChooseDeclaration
    | ConfirmDeclaration
    | Start
    | Calibrate
    | TeachDeck
)
"""Any of the intents above."""
