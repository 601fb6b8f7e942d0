"""The bundled Inter faces carried inside exported SVG and HTML, so that a
drawing looks the same on a machine without Inter (issue 17, point 7).

Qt's SVG generator writes ``font-family="Inter"`` and measures every label
with Inter; a viewer without that font would substitute a serif face of other
widths and the labels would overlap.  The faces ship with the application
under the SIL Open Font License (assets/fonts/OFL.txt), which allows
embedding them: :func:`font_face_css` gives them as ``@font-face`` rules with
base64 ``data:`` sources (nothing is fetched), and :func:`with_fonts` puts
those rules in an SVG drawing and names a generic sans-serif fallback after
Inter in every ``font-family``.
"""

from __future__ import annotations

import base64
import re
from functools import cache

from amrgen_gui.qt.theme import FONT_FILES, UI_FAMILY
from amrgen_gui.state.paths import ASSETS

FALLBACK = "'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif"
"""After Inter, should a viewer refuse embedded fonts: a sans serif, never the serif default."""
FACES = {"Inter-Regular.otf": ("normal", 400), "Inter-SemiBold.otf": ("normal", 600),
         "Inter-Italic.otf": ("italic", 400)}
"""Each bundled file's style and weight, as CSS names them."""


@cache
def font_face_css() -> str:
    """An ``@font-face`` rule for each bundled face that is present, its file inline in base64."""
    rules = []
    for name in FONT_FILES:
        path = ASSETS / "fonts" / name
        if not path.is_file():
            continue
        style, weight = FACES[name]
        data = base64.b64encode(path.read_bytes()).decode("ascii")
        rules.append(f"@font-face {{ font-family: {UI_FAMILY}; font-style: {style}; font-weight: {weight}; "
                     f"src: url(data:font/otf;base64,{data}) format('opentype'); }}")
    return "\n".join(rules)


def font_stack(svg: str) -> str:
    """The drawing with the fallback named after every ``font-family`` it uses
    (Qt's "Sans Serif", its default face, becomes the fallback alone)."""
    def stack(match: re.Match) -> str:
        family = match.group(1)
        return f'font-family="{FALLBACK}"' if family == "Sans Serif" else f'font-family="\'{family}\', {FALLBACK}"'
    return re.sub(r'font-family="([^",\']*)"', stack, svg)


def with_fonts(svg: bytes) -> bytes:
    """An SVG drawing of Qt's that carries its fonts: the ``@font-face`` rules in
    its ``<defs>`` and the fallback after each family (:func:`font_stack`)."""
    text = font_stack(svg.decode("utf-8"))
    style = f"<style type=\"text/css\"><![CDATA[\n{font_face_css()}\n]]></style>\n"
    text = text.replace("<defs>\n", "<defs>\n" + style, 1) if "<defs>\n" in text else \
        re.sub(r"(<svg[^>]*>)", lambda m: m.group(1) + "\n<defs>\n" + style + "</defs>", text, count=1)
    return text.encode("utf-8")
