"""The one message generation prints for a failure that is not the input's
(issue 19 point 4): no graph of the fuzzed corpora reaches it (tests/test_fuzz.py
asserts so), so a fault is planted to show what it says: file, line, entry, the
exception and where it was raised, in one line, and the other graphs generated."""

from amrgen.decoding.limits import Limits
from amrgen.io.penman_corpus import read_items
from amrgen.run import graph as generation
from amrgen.run.graph import generate_graph

CORPUS = "# ::id good\n(b / boy)\n\n# ::id faulty\n(g / girl)\n\n# ::id after\n(r / rose)\n"


def test_an_internal_error_costs_its_graph_alone_with_one_line_naming_file_line_and_entry(
        generator, tmp_path, monkeypatch):
    path = tmp_path / "in.txt"
    path.write_text(CORPUS, encoding="utf-8")
    generate = generator.generate

    def faulty(amr, *args):
        if "girl" in str(amr.graph.label(amr.graph.root)):
            raise KeyError("planted")
        return generate(amr, *args)

    monkeypatch.setattr(generator, "generate", faulty)
    good, bad, after = (generate_graph(generator, item) for item in read_items(path))
    assert not good.failed and not after.failed and good.sentence and after.sentence
    assert bad.failed and bad.sentence == ""
    assert bad.message == (f"{path}:4: entry faulty: internal error KeyError: 'planted' "
                           f"(test_internal_error.py:{faulty.__code__.co_firstlineno + 2})")


def test_a_system_error_under_an_address_space_cap_is_reported_as_the_memory_limit(
        generator, tmp_path, monkeypatch):
    """Under ``RLIMIT_AS`` an allocation that fails inside a C extension which does not
    report it comes back as SystemError; without a cap it is an internal error."""
    path = tmp_path / "in.txt"
    path.write_text(CORPUS, encoding="utf-8")
    _, girl, _ = read_items(path)

    def unreported(amr, *args):
        raise SystemError("error return without exception set")

    monkeypatch.setattr(generator, "generate", unreported)
    limits = Limits(memory_mb=150)
    monkeypatch.setattr(generation, "address_space_capped", lambda: True)
    assert generate_graph(generator, girl, limits=limits).error == "over the memory limit of 150 MB"
    monkeypatch.setattr(generation, "address_space_capped", lambda: False)
    assert generate_graph(generator, girl, limits=limits).error.startswith(
        "internal error SystemError: error return without exception set (test_internal_error.py:")
