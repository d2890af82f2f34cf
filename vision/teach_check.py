"""Checking a taught deck's joker marks and faces on its own ordinary cards (教牌自检).

A joker's corner mark learnt from one photo can be too plain to trust: the black
``J`` heading a word ``Joker`` is found again in the ink of fanned ordinary
cards, and every such set would read with jokers that are not there.  So after
teaching, the deck's own taught cards (one photo per rank) are laid in a few
synthetic fans, without any joker, and read with the taught profile; a joker
read there by its mark shows that the mark cannot be trusted, one told by its
face (:mod:`vision.face_strips`) that the faces cannot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np
from PIL import Image

from gouji.cards import Rank
from vision.face_strips import FACE_PIP
from vision.recognize import Recognizer
from vision.synth import SceneGenerator
from vision.types import BGRImage

CHECK_SCENES = 4
CHECK_SEED = 9100


class TaughtFaces:
    """The deck as taught: each rank's upright card photo, whatever the suit."""

    name = "taught"

    def __init__(self, cards: dict[Rank, BGRImage]) -> None:
        self._faces = {rank: Image.fromarray(cv2.cvtColor(card, cv2.COLOR_BGR2RGBA))
                       for rank, card in cards.items()}

    def face(self, rank: Rank, suit: str) -> Image.Image:
        """The taught photo of ``rank`` (the suit is not known from one photo)."""
        return self._faces[rank]


@dataclass(frozen=True)
class Phantoms:
    """Jokers read in fans of ordinary cards, which hold none: by their marks, each joker
    with the ranks of the sets it was read in; by the taught faces, those sets' ranks."""

    by_mark: dict[Rank, list[Rank]] = field(default_factory=dict)
    by_face: list[Rank] = field(default_factory=list)


def jokers_on_ordinary_fans(recognizer: Recognizer, cards: dict[Rank, BGRImage]) -> Phantoms:
    """The jokers ``recognizer`` reads in fans of the taught ordinary ``cards``."""
    ranks = sorted(cards)
    seen = Phantoms()
    if not ranks:
        return seen
    gen = SceneGenerator(TaughtFaces(cards))
    rng = np.random.default_rng(CHECK_SEED)
    for k in range(CHECK_SCENES):
        sets = {seat: [ranks[int(rng.integers(len(ranks)))]] * int(rng.integers(2, 9))
                for seat in range(6)}
        scene = gen.render(CHECK_SEED + k, sets)
        for seat, laid in sets.items():
            reading = recognizer.read_zone(scene.image, scene.homography,
                                           scene.layout.zones[seat])
            for card in reading.readings:  # read, not guessed from the fan
                if not card.rank.is_joker:
                    continue
                if all(m.pip == FACE_PIP for m in card.marks):
                    seen.by_face.append(laid[0])
                else:
                    seen.by_mark.setdefault(card.rank, []).append(laid[0])
    return seen
