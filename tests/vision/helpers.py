"""Small shared helpers for the vision tests."""

from __future__ import annotations

import cv2
import numpy as np

from gouji.cards import Rank
from vision.faces import FaceSource
from vision.types import BGRImage


def card_photo(faces: FaceSource, rank: Rank, angle: float, suit: str = "H") -> BGRImage:
    """One card on green cloth, turned by ``angle`` degrees: a teaching-style photo."""
    face = np.asarray(faces.face(rank, suit).convert("RGBA"))
    canvas = np.full((600, 600, 3), (40, 110, 60), np.uint8)
    h, w = face.shape[:2]
    y, x = (600 - h) // 2, (600 - w) // 2
    alpha = face[:, :, 3:4].astype(np.float32) / 255
    roi = canvas[y:y + h, x:x + w].astype(np.float32)
    canvas[y:y + h, x:x + w] = (roi * (1 - alpha) + face[:, :, 2::-1] * alpha).astype(np.uint8)
    m = cv2.getRotationMatrix2D((300, 300), angle, 1.0)
    out: BGRImage = cv2.warpAffine(canvas, m, (600, 600), borderValue=(40, 110, 60))
    return out
