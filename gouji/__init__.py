"""The rules of 够级 (Gouji): cards, plays, presets, comparison, and (later) the deal.

Pure Python: no I/O, no hardware, no pygame or OpenCV.
"""
