"""The corpus list: markup kept in ``::snt`` (Bio AMR's ``<i>``, ``<xref>``) is
neither shown nor in the filter's way."""

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from amrgen.prep.prepared_format import read_prepared
from amrgen_gui.qt.views.corpus_browser import CorpusBrowser
from amrgen_gui.state.paths import SAMPLE

pytestmark = pytest.mark.gui

MARKED = ('Targeting of mutant <i>BRAF</i> in <sc>RKO</sc> cells<xref ref-type="bibr" rid="B1">1</xref>'
          ' at 37 <ce:cross-ref refid="x">°C</ce:cross-ref>, x<sup>2</sup> < 5 > 3')
SHOWN = "Targeting of mutant BRAF in RKO cells1 at 37 °C, x 2 < 5 > 3"


def test_markup_is_stripped_for_display_and_the_filter(qtbot):
    first, *others = read_prepared(SAMPLE).entries
    browser = CorpusBrowser()
    qtbot.addWidget(browser)
    browser.set_entries([replace(first, metadata={**first.metadata, "snt": MARKED}), *others])
    item = browser.proxy.index(0, 0)
    assert item.data(Qt.ItemDataRole.DisplayRole) == SHOWN
    assert item.data(Qt.ItemDataRole.ToolTipRole) == f"{first.id}\n{SHOWN}"
    browser.filter.setText("mutant BRAF in RKO")
    assert browser.visible_ids() == [first.id]
    browser.filter.setText("<i>")
    assert browser.visible_ids() == []
