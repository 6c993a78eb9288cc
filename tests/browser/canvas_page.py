"""What the browser tests do with a canvas in a page: wait for pixels, click a point."""

from __future__ import annotations

import time

# Counts pixels that are not fully transparent: a blank canvas has none.
_DRAWN_PIXELS = """el => {
  const d = el.getContext('2d').getImageData(0, 0, el.width, el.height).data;
  let n = 0;
  for (let i = 3; i < d.length; i += 4) if (d[i] !== 0) n++;
  return n;
}"""


def drawn_pixels(canvas) -> int:
    return canvas.evaluate(_DRAWN_PIXELS)


def wait_until_drawn(canvas, timeout: float = 60) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        n = drawn_pixels(canvas)
        if n:
            return n
        time.sleep(0.2)
    raise AssertionError("the canvas stayed blank")


def click_scene_point(canvas, x: float, y: float, pixel_ratio: float = 2.0) -> None:
    """Click scene point (x, y): scene -> canvas pixels -> CSS pixels on screen."""
    box = canvas.bounding_box()
    width = canvas.evaluate("el => el.width")
    height = canvas.evaluate("el => el.height")
    canvas.click(position={"x": x * pixel_ratio * box["width"] / width,
                           "y": y * pixel_ratio * box["height"] / height})


# A cheap fingerprint of the canvas' pixels: equal pictures, equal numbers.
_CHECKSUM = """el => {
  const d = new Uint32Array(el.getContext('2d').getImageData(0, 0, el.width, el.height).data.buffer);
  let h = 0;
  for (let i = 0; i < d.length; i++) h = (Math.imul(h, 31) + d[i]) | 0;
  return h;
}"""


def checksum(canvas) -> int:
    return canvas.evaluate(_CHECKSUM)


def wait_for_checksum(canvas, ok, timeout: float = 30) -> int:
    """Poll the canvas until ``ok(checksum)``; return that checksum."""
    deadline = time.monotonic() + timeout
    while True:
        value = checksum(canvas)
        if ok(value):
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"the canvas did not reach the expected picture in {timeout} s")
        time.sleep(0.1)


def click_canvas_point(canvas, x: float, y: float) -> None:
    """Click canvas pixel (x, y) (what a board's ``xy()`` gives) at its place on screen."""
    box = canvas.bounding_box()
    width, height = canvas.evaluate("el => [el.width, el.height]")
    canvas.click(position={"x": x * box["width"] / width, "y": y * box["height"] / height})


def open_and_run(page, lab_url: str, notebook: str, timeout_ms: int = 90_000):
    """Open ``notebook`` in JupyterLab in a workspace of its own (Lab would
    reopen other notebooks' tabs, whose hidden canvases come first), run all
    its cells, and return its first output canvas once drawn."""
    import re

    from playwright.sync_api import expect

    name = notebook.removesuffix(".ipynb").replace("/", "-")
    page.goto(f"{lab_url}/lab/workspaces/{name}/tree/{notebook}")
    expect(page.get_by_text(re.compile(r"\| Idle"))).to_be_visible(timeout=timeout_ms)
    page.get_by_role("menuitem", name=re.compile(r"^(Run|Ejecutar)$")).click()
    page.get_by_role("menuitem", name=re.compile(r"^(Run All Cells|Ejecutar todas las celdas)$")).click()
    canvas = page.locator(".jp-OutputArea-output canvas").first
    expect(canvas).to_be_visible(timeout=timeout_ms)
    wait_until_drawn(canvas)
    return canvas
