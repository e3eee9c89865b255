"""Helpers for driving a board page like a player: click points, read the panel."""

from __future__ import annotations

from pygames import Board


def click_point(page, board: Board, label: str, canvas: str = "#board") -> None:
    """Click the centre of the point ``label`` on the canvas (real mouse events)."""
    x, y = board.xy(board.parse(label))
    page.locator(canvas).scroll_into_view_if_needed()
    box = page.locator(canvas).bounding_box()
    t = page.evaluate(f"(() => {{ const t = document.querySelector('{canvas}').pgTransform; return [t.k, t.ox, t.oy]; }})()")
    k, ox, oy = t
    page.mouse.click(box["x"] + (x + ox) * k, box["y"] + (y + oy) * k)


def pixel(page, board: Board, label: str, canvas: str = "#board") -> list[int]:
    """The RGB of the canvas pixel just right of the centre of point ``label`` (off the
    last-move dot, on the stone if there is one)."""
    x, y = board.xy(board.parse(label))
    x += 0.3
    return page.evaluate(
        """([sel, x, y]) => { const c = document.querySelector(sel), t = c.pgTransform;
             const d = window.devicePixelRatio || 1;
             return Array.from(c.getContext('2d').getImageData(Math.round((x + t.ox) * t.k * d),
                                Math.round((y + t.oy) * t.k * d), 1, 1).data).slice(0, 3); }""",
        [canvas, x, y])


def is_black(rgb: list[int]) -> bool:
    return max(rgb) < 60


def is_white(rgb: list[int]) -> bool:
    return min(rgb) > 220


def text(page, selector: str) -> str:
    return page.inner_text(selector).strip()


def settled(page) -> None:
    """Wait until no stone is moving on the board (animations done)."""
    page.wait_for_function("document.body.dataset.animating === undefined")


def in_first_screen(page, selector: str) -> bool:
    """Whether the element is wholly inside the window as it is scrolled now."""
    box = page.locator(selector).bounding_box()
    view = page.viewport_size
    return box is not None and box["x"] >= 0 and box["y"] >= 0 and \
        box["x"] + box["width"] <= view["width"] + 0.5 and box["y"] + box["height"] <= view["height"] + 0.5
