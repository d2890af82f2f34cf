"""Array aliases shared by the vision modules.

OpenCV's type stubs describe every returned image as "an array of some
integer or float", so the aliases for what passes through OpenCV are
deliberately loose; the comments say what each holds.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

BGRImage = npt.NDArray[Any]  # (h, w, 3) uint8, OpenCV channel order
Mask = npt.NDArray[Any]  # (h, w) uint8 or bool, non-zero = set
Points = npt.NDArray[Any]  # (n, 2) float32 coordinates
Homography = npt.NDArray[Any]  # (3, 3) float64 projective map
Labels = npt.NDArray[Any]  # (h, w) int32 connected-component labels, or per-component stats
FloatArray = npt.NDArray[np.float32]
IntArray = npt.NDArray[np.int32]
