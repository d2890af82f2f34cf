"""Colours of the display (配色): a dark table for TVs and a bright accent per role.

Teams differ by colour *and* shape (team 0: blue circles, team 1: amber
squares), so nobody depends on telling colours apart.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

BACKGROUND: Colour = (12, 46, 38)  # dark felt
TABLE: Colour = (18, 66, 52)
TABLE_EDGE: Colour = (34, 98, 78)
BAND: Colour = (9, 30, 26)  # header and footer
PANEL: Colour = (28, 38, 52)
PANEL_DIM: Colour = (22, 28, 36)
PANEL_OUT: Colour = (58, 50, 22)
EDGE: Colour = (70, 86, 106)

TEXT: Colour = (236, 240, 244)
TEXT_DIM: Colour = (140, 152, 166)
TEXT_DARK: Colour = (20, 24, 30)

TEAM: tuple[Colour, Colour] = ((70, 140, 255), (255, 170, 40))

TURN: Colour = (255, 221, 51)  # whose turn
ANSWER: Colour = (80, 220, 230)  # may answer
BURN: Colour = (255, 96, 64)  # burn
GOLD: Colour = (244, 196, 48)  # 够级 marks, places
GOOD: Colour = (72, 200, 110)  # accepted, 开点, OK
BAD: Colour = (232, 72, 72)  # refused, failed
WARN: Colour = (240, 160, 40)  # pending
SECRET: Colour = (190, 150, 255)  # a count shown only to the referee
BANNER: Colour = (170, 30, 40)  # 四户乱缠

CARD_FACE: Colour = (250, 248, 240)
CARD_EDGE: Colour = (120, 120, 110)
CARD_INK: Colour = (20, 20, 24)
CARD_RED: Colour = (200, 20, 30)

BUTTON: Colour = (44, 62, 84)
BUTTON_PRIMARY: Colour = (30, 120, 70)
BUTTON_TEXT: Colour = TEXT
