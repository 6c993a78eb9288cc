"""Scene -> SVG: plain string checks, as python-chess tests its SVG renderer."""

import xml.etree.ElementTree as ET

import pytest

from kit.scene import Circle, Rect, Scene, centre, inside, shape_to_svg, to_svg

SVG = "{http://www.w3.org/2000/svg}"


def test_svg_document_has_size_viewbox_background_and_shapes_in_order():
    scene = Scene(100, 50, background="#FFFFFF", title="a board")
    scene.rect(1, 2, 3, 4, fill="#000000")
    scene.circle(10, 10, 5, stroke="#D55E00", stroke_width=2)
    scene.text(50, 25, "7 < 8 & 9", size=20, bold=True)
    root = ET.fromstring(scene.to_svg(scale=2))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("200", "100", "0 0 100 50")
    tags = [child.tag.removeprefix(SVG) for child in root]
    assert tags == ["title", "rect", "rect", "circle", "text"]
    assert root[0].text == "a board"
    assert root[4].text == "7 < 8 & 9"          # escaped in the file, intact when parsed
    assert root[4].get("font-weight") == "bold"


def test_unfilled_shapes_say_fill_none_and_strokes_carry_width_and_dash():
    assert 'fill="none" stroke="#D55E00" stroke-width="2"' in shape_to_svg(
        Circle(0, 0, 1, stroke="#D55E00", stroke_width=2))
    svg = shape_to_svg(Rect(0, 0, 10, 10, stroke="#000", dash=(4, 2), radius=3))
    assert 'stroke-dasharray="4 2"' in svg and 'rx="3"' in svg


def test_numbers_are_short_and_stable():
    assert shape_to_svg(Rect(0.1 + 0.2, 1.0, 2.5, 3.333333, fill="#000")) == (
        '<rect x="0.3" y="1" width="2.5" height="3.33" fill="#000"/>')


def test_polygon_points_and_text_anchor():
    scene = Scene(10, 10, background=None)
    scene.polygon([(0, 0), (5, 0), (0, 5)], fill="#0072B2")
    scene.text(1, 1, "x", anchor="start")
    svg = to_svg(scene)
    assert '<polygon points="0,0 5,0 0,5" fill="#0072B2"/>' in svg
    assert 'text-anchor="start"' in svg
    assert "<rect" not in svg  # no background asked for


def test_scene_shows_itself_in_a_notebook():
    scene = Scene(10, 10)
    assert scene._repr_svg_() == scene.to_svg()


def test_unknown_shape_is_refused():
    with pytest.raises(TypeError, match="not a scene shape"):
        shape_to_svg("circle")


def test_centre_is_the_middle_of_a_box_and_inside_it():
    box = (10, 20, 30, 41)
    assert centre(box) == (25, 40.5)
    assert inside(box, *centre(box))
