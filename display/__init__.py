"""pygame screens that draw a view of the engine's state (显示).

``view``      the view model: frozen values holding exactly what a screen shows
``screens``   one class per screen: ``draw(surface, view)`` and ``hit(pos, view)``
``intents``   what a touch asks for (``Confirm``, ``Undo``, ``Next`` …)
``presenter`` redraw only on change, for the device's main loop
``touch``     mouse and finger presses as surface pixels
``text``      every user-facing string, Chinese and English
``fonts``     the CJK font, found by path
``layout``    geometry from the surface size; ``theme`` colours; ``draw`` primitives
``samples`` / ``gallery``  realistic sample views and every screen drawn from them

See ``docs/display.md``.
"""
