"""A bounded hand-over between threads that drops the oldest item (最新帧队列).

The camera thread produces frames faster than recognition may consume them;
an evening is five hours long, so the queue between them must never grow.
:class:`DropOldest` keeps at most ``size`` items: a put into a full queue
throws the oldest away (counted in :attr:`DropOldest.dropped`), so the consumer
always works on recent frames and memory stays flat.
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class DropOldest(Generic[T]):
    """A thread-safe FIFO of at most ``size`` items; a full queue drops its oldest item."""

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"queue size must be at least 1, not {size}")
        self._items: deque[T] = deque(maxlen=size)
        self._ready = threading.Condition()
        self.dropped = 0
        self.put_count = 0

    def put(self, item: T) -> None:
        """Add ``item``; never blocks."""
        with self._ready:
            if len(self._items) == self._items.maxlen:
                self.dropped += 1
            self._items.append(item)
            self.put_count += 1
            self._ready.notify()

    def get(self, timeout: float | None = None) -> T | None:
        """The oldest item kept, waiting up to ``timeout`` seconds; None if none came."""
        with self._ready:
            if not self._ready.wait_for(lambda: bool(self._items), timeout):
                return None
            return self._items.popleft()

    def drain(self) -> list[T]:
        """Every item kept, oldest first, without waiting."""
        with self._ready:
            items = list(self._items)
            self._items.clear()
            return items

    def __len__(self) -> int:
        with self._ready:
            return len(self._items)
