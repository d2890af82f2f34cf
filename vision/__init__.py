"""Camera sources, mat calibration, zone watching and card recognition (视觉)."""
