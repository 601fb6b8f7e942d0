"""amrgen.collector: work inside without_collection_pauses is not collected, and what it
made is never scanned again (frozen); the collector is on again once every hold ends."""

import gc

from amrgen.collector import without_collection_pauses


def test_what_a_block_makes_is_frozen_and_the_collector_comes_back_after_the_last_hold():
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    with without_collection_pauses():
        kept = [[i] for i in range(1000)]
        assert not gc.isenabled()
        with without_collection_pauses():  # a second hold, as from another thread
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer hold still runs
    assert gc.isenabled()
    assert gc.get_freeze_count() >= frozen + len(kept)
