"""Agreement in phase 2 (amrgen.decoding.agreement): only a child's candidates whose
form agrees with its parent's realization are combined, if it has any."""

import re
from pathlib import Path

import pytest

from amrgen.amr import Amr
from amrgen.decoding.agreement import Agreement
from amrgen.decoding.beam import Hypothesis
from amrgen.decoding.offers import Offers
from amrgen.graph import Graph
from amrgen.io.penman_corpus import read_items
from amrgen.lexicon.wordnet_lexicon import WORDNET
from amrgen.order import Order
from amrgen.transitions.annotations import AnnotationFunction, Key, SyntacticAnnotation
from amrgen.transitions.configuration import PLACEHOLDER, Configuration, InsertedVertex
from amrgen.transitions.transitions import LEFT, RIGHT, Realize

AGREEMENT = Agreement(WORDNET)
OFFERS = Offers(WORDNET)
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "linguist-30.amr"


def _parent(label, word, pos, child_label, role, number=None):
    """c with σ1 = v (``label``, realized ``word``) and its child u (``child_label``) by ``role``."""
    g = Graph({"v": label, "u": child_label}, [("v", role, "u")], Order([]))
    rho = AnnotationFunction({Key.REAL: {"v": word}, Key.POS: {"v": pos}, **(
        {Key.NUMBER: {"v": number}} if number else {})})
    return Configuration(g, ("v",), (), rho, 0)


def _candidate(word, pos, tense="--", voice="--", number="--", vertex="u"):
    steps = ((Realize(word, SyntacticAnnotation(pos=pos, tense=tense, voice=voice, number=number)), 0.5),)
    return Hypothesis(vertex, steps, (), (), tuple(word.split()), (), tuple(word.split()), 0.0, 0.0, 0.0)


def _words(options):
    return [b.steps[0][0].word for b in options]


@pytest.mark.parametrize("noun, number, expected", [
    ("results", "plural", ["these"]),
    ("result", "singular", ["this"]),
    ("lines", "singular", ["these"]),  # plural by its word
])
def test_a_demonstrative_before_its_noun_has_its_number(noun, number, expected):
    c = _parent("result", noun, "NN", "this", "mod", number)
    options = [_candidate("this", "DT"), _candidate("these", "DT")]
    assert _words(AGREEMENT.agreeing(c, "u", LEFT, options)) == expected
    # after its noun, or with no form that agrees, every candidate stays
    assert AGREEMENT.agreeing(c, "u", RIGHT, options) == options
    wrong = [b for b in options if _words([b]) != expected]
    assert AGREEMENT.agreeing(c, "u", LEFT, wrong) == wrong


def test_a_pronoun_argument_of_an_active_verb_takes_the_case_of_its_side():
    options = [_candidate("i", "PRP"), _candidate("my", "PRP"), _candidate("me", "PRP")]
    after = _parent("dishearten-01", "disheartens", "VB", "i", "ARG1")
    assert _words(AGREEMENT.agreeing(after, "u", RIGHT, options)) == ["my", "me"]  # "disheartens me"
    before = _parent("see-01", "saw", "VB", "i", "ARG0")
    assert _words(AGREEMENT.agreeing(before, "u", LEFT, options)) == ["i", "my"]  # "i saw", not "me saw"
    assert AGREEMENT.agreeing(before, "u", RIGHT, options) == options  # inverted by a quote: '" no , " said he'
    # a pronoun of one form for both cases, or the argument of a noun, keeps every form
    you = [_candidate("you", "PRP"), _candidate("your", "PRP")]
    assert AGREEMENT.agreeing(_parent("see-01", "saw", "VB", "you", "ARG1"), "u", RIGHT, you) == you
    assert AGREEMENT.agreeing(_parent("sight", "sight", "NN", "i", "ARG1"), "u", RIGHT, options) == options


def test_the_clause_of_a_modal_is_a_base_form_or_an_untensed_passive():
    c = _parent("possible-01", "can", "MD", "use-01", "ARG1")
    options = [_candidate("used", "VB", "past"), _candidate("use", "VB", "present"), _candidate("use", "VB"),
               _candidate("used", "VB"), _candidate("used", "VB", "present", "passive"),
               _candidate("used", "VB", "--", "passive")]
    assert [(b.steps[0][0].word, b.steps[0][0].annotation.voice) for b in AGREEMENT.agreeing(c, "u", RIGHT, options)] \
        == [("use", "--"), ("use", "--"), ("used", "passive")]
    # a verb said as a verb, not a modal, asks nothing of its clause
    assert AGREEMENT.agreeing(_parent("want-01", "wants", "VB", "use-01", "ARG1"), "u", RIGHT, options) == options


def test_the_manner_of_a_verb_is_an_adverb_where_there_is_one():
    c = _parent("sing-01", "sang", "VB", "beautiful-02", "manner")
    options = [_candidate("beautiful", "JJ"), _candidate("beautifully", "JJ")]
    assert _words(AGREEMENT.agreeing(c, "u", RIGHT, options)) == ["beautifully"]
    # a noun's modifier stays an adjective
    assert AGREEMENT.agreeing(_parent("person", "person", "NN", "modest", "mod"), "u", LEFT, options) == options


def test_nothing_is_inserted_beside_a_verb_s_manner_said_as_an_adverb():
    c = _parent("sing-01", "sang", "VB", "beautiful-02", "manner")
    alone = AGREEMENT.said_alone(c, "u")
    assert alone(_candidate("beautifully", "JJ"))
    assert not alone(_candidate("beautiful", "JJ"))
    assert AGREEMENT.said_alone(_parent("sing-01", "sang", "VB", "beautiful-02", "time"), "u") is None


def test_the_manner_adverb_takes_no_preposition(generator):
    graph = "(s / sing-01 :ARG0 (b / boy) :manner (b2 / beautiful-02 :degree (v / very)))"
    assert generator.generate(Amr.from_penman(graph)).sentence == "the boy sang very beautifully ."


@pytest.mark.parametrize("subject, number, expected", [
    ("results", "plural", ["were", "are"]),
    ("result", "singular", ["was", "is"]),
    ("i", None, ["was", "am"]),
    ("they", None, ["were", "are"]),
])
def test_an_inserted_be_agrees_with_the_subject_before_it(subject, number, expected):
    aux = InsertedVertex(5)
    g = Graph({"v": "compare-01", "s": subject, aux: "be"}, [("v", "ARG1", "s"), ("v", PLACEHOLDER, aux)], Order([]))
    c = Configuration(g, ("v",), (), AnnotationFunction({Key.REAL: {"v": "compared"}, Key.POS: {"v": "VB"}}), 6)
    assert AGREEMENT.auxiliary_subject(c, aux, ["s", aux]) == "s"
    assert AGREEMENT.auxiliary_subject(c, aux, [aux, "s"]) is None  # said after the auxiliary: nothing to agree with
    said = Hypothesis("v", (), (_candidate(subject, "NN" if number else "PRP", number=number or "--", vertex="s"),),
                      (), (), (), (), 0.0, 0.0, 0.0)
    parts = [(_candidate(form, "VB", vertex=aux),) for form in ("was", "were", "is", "are", "am")]
    assert [part[0].steps[0][0].word for part in AGREEMENT.agreeing_auxiliaries(c, "s", said, parts)] == expected


def test_an_auxiliary_agrees_without_postprocessing(generator):
    graph = "(d / damage-01 :ARG1 (c / cell :part-of (m / mouse)))"
    sentence = generator.with_postprocess("thesis").generate(Amr.from_penman(graph)).sentence
    assert "cells were damaged" in sentence


GRAPHS = {
    # (Section 4.4 alone leaves the subject after the modal: "must this sheep have box .")
    "(o / obligate-01 :ARG2 (h / have-03 :ARG0 (s / sheep :mod (t / this)) :ARG1 (b / box)))": ("have", "has"),
    # the demonstrative has its noun's number, and the adjective its copula ("this line is long")
    "(l / long-03 :ARG1 (l2 / line :mod (t / this)))": ("this line is long", "this lines"),
    "(s / sad-02 :ARG1 (g / girl))": ("the girl is sad", "sad to the girl"),
    "(t / tire-01 :polarity - :ARG1 (t2 / they))": ("they were not tired", "not them"),
}


@pytest.mark.parametrize("graph, said, not_said", [(graph, *words) for graph, words in GRAPHS.items()])
def test_the_learnt_generator_says_the_forms_that_agree_without_postprocessing(generator, graph, said, not_said):
    sentence = f" {generator.with_postprocess('thesis').generate(Amr.from_penman(graph)).sentence} "
    assert f" {said} " in sentence and f" {not_said} " not in sentence


def test_a_manner_adverb_without_postprocessing(generator):
    item = next(item for item in read_items(FIXTURE) if item.metadata["id"] == "old-woman-sing")
    thesis = generator.with_postprocess("thesis")
    assert "sang beautifully" in thesis.generate(Amr.from_tree(item.tree)).sentence


def test_a_verb_whose_time_is_yesterday_is_in_a_past_form_and_now_in_a_present_one():
    g = Graph({"v": "eat-01", "y": "yesterday", "d": "dog"}, [("v", "time", "y"), ("v", "ARG0", "d")], Order([]))
    c = Configuration(g, ("v",), (), AnnotationFunction({Key.REAL: {"y": "yesterday", "d": "dog"}}), 0)
    options = [(_candidate(word, "VB", tense).steps[0][0], 0.1) for word, tense in (
        ("eats", "present"), ("eat", "past"), ("ate", "past"), ("eat", "--"))]
    assert [t.word for t, _ in OFFERS.tensed(c, options)] == ["ate"]
    today = c.with_(rho=c.rho.updated([(Key.REAL, "y", "today")]))
    assert OFFERS.tensed(today, options) == options
    now = c.with_(rho=c.rho.updated([(Key.REAL, "y", "now")]))
    assert [t.word for t, _ in OFFERS.tensed(now, options)] == ["eats", "eat"]


def test_a_past_form_that_is_also_the_base_form_is_past():
    g = Graph({"v": "read-01", "y": "yesterday"}, [("v", "time", "y")], Order([]))
    c = Configuration(g, ("v",), (), AnnotationFunction({Key.REAL: {"y": "yesterday"}}), 0)
    options = [(_candidate(word, "VB", tense).steps[0][0], 0.1) for word, tense in (
        ("reads", "present"), ("read", "past"), ("eat", "past"))]
    assert [t.word for t, _ in OFFERS.tensed(c, options)] == ["read"]


@pytest.mark.parametrize("graph, said, not_said", [
    # a clause's verb is finite after its subject (the tense model left win-01 untensed)
    ("(w / win-01 :ARG0 (b / boy) :ARG1 (r / race))", "the boy won", "the boy win"),
    # a frame with its own subject under a verb of hoping is a finite clause, its subject first and
    # no "to" before it (the table: "the mother hopes a win of son")
    ("(h / hope-01 :ARG0 (m / mother) :ARG1 (w / win-01 :ARG0 (s / son :poss m)))", "her son wins", "win of"),
    # a copy said as a pronoun beside a verb or adjective is no possessive ("he was tired", not "his tired")
    ("(s / say-01 :ARG0 (b / boy) :ARG1 (t / tire-01 :ARG1 b))", "he", "his"),
    # a sentence root's ARG0 said before its untensed verb, and the root not a noun beside its ARG0
    # (the table: "now swim with the fish")
    ("(s / swim-01 :ARG0 (f / fish) :time (n / now))", "fish now", "with"),
    ("(i / inhibit-01 :ARG0 (p / person :name (n / name :op1 \"Mary\")) :ARG1 (g / grow-01 :ARG1 (c / cell)))",
     "mary", "inhibition"),
    # a :domain child with its copula before its head ("dr mary was" before)
    ('(d / doctor :domain (p / person :name (n / name :op1 "Mary")))', "mary", "dr mary"),
    # a verb's children say its negation once (Section 4.4 alone said "i not never draw sheep")
    ("(d / draw-01 :ARG0 (i / i) :ARG1 (s / sheep) :time (e / ever) :polarity -)", "i never draw", "not"),
    # a reflexive copy after its verb
    ("(h / hurt-01 :ARG0 (m / man) :ARG1 m)", "hurt himself", "himself hurt"),
    # no "to" before the noun a verb of infinitives takes
    ("(w / want-01 :ARG0 (i / i) :ARG1 (s / sheep))", "want the sheep", "to"),
    # what a verb of showing evidence reports is a clause
    ("(i / indicate-01 :ARG0 (r / result) :ARG1 (i2 / inhibit-01 :ARG0 (c / caffeine) :ARG1 (a / activate-01)))",
     "that caffeine inhibits", "inhibition"),
    # the effect of a root cause-01 is a clause with a finite verb (the tense model left draw untensed)
    ("(c / cause-01 :ARG1 (d / draw-01 :ARG0 (i / i) :time (t / then)))", "i drew", "i draw"),
    # the cause of a cause-01 that has a subject is a clause: a copy its subject is said "it", and no
    # word goes between "because" and the clause (the table: "the baby cries because of tired")
    ("(c / cry-01 :ARG0 (b / baby) :ARG1-of (c2 / cause-01 :ARG0 (t / tire-01 :ARG1 b)))", "because it", "of"),
    # what a verb of saying reports is a clause with a finite verb, though the realize model knows the
    # frame as a noun only; whom it addresses goes between the verb and the clause, the arguments
    # after the verb; a named person's copy that is a clause's subject is said by its name (the
    # issue's table: "anna informed the arrival of tom")
    ('(i / inform-01 :ARG0 (p / person :name (n / name :op1 "Anna")) :ARG2 (p2 / person :name (n2 / name '
     ':op1 "Tom")) :ARG1 (a / arrive-01 :ARG1 p))', "anna informed tom anna arrived", "arrival"),
    # a clause head's negation after its subject (guidelines: "not the girl believes that ...")
    ("(b / believe-01 :polarity - :ARG0 (g / girl) :ARG1 (w / work-01 :ARG0 (b2 / boy) :manner (h / hard-02)))",
     "the girl", "not the girl"),
    # a negated verb says its tense and person on do, right before the not (do-support)
    ("(k / know-01 :polarity - :ARG0 (h / he) :ARG1 (a / answer) :time (y / yesterday))", "he did not know",
     "knew"),
    ("(s / see-01 :polarity - :ARG0 (t / they) :ARG1 (c / car))", "they do not see", "they not do"),
    ("(l / like-01 :polarity - :ARG0 (s / she) :ARG1 (a / apple))", "she does not like", "she not like"),
    ("(d / draw-01 :mode imperative :polarity - :ARG0 (y / you) :ARG1 (s / sheep))", "do not draw", "you"),
    # the ARG1 of have-rel-role-91 possesses the role, as a :poss does
    ("(b / buy-01 :ARG0 (p / person :ARG0-of (h / have-rel-role-91 :ARG1 (i / i) :ARG2 (s / sister)))"
     " :ARG1 (h2 / house))", "my sister", "sister i"),
])
def test_the_learnt_generator_says_finite_clauses_negations_and_possessors_without_postprocessing(
        generator, graph, said, not_said):
    sentence = f" {generator.with_postprocess('thesis').generate(Amr.from_penman(graph)).sentence} "
    assert f" {said} " in sentence and f" {not_said} " not in sentence


def test_a_negation_is_said_once_and_not_as_no_before_its_verb():
    g = Graph({"v": "tie-01", "m": "-", "e": "ever"}, [("v", "polarity", "m"), ("v", "time", "e")], Order([]))
    c = Configuration(g, ("v",), (), AnnotationFunction({Key.REAL: {"v": "tie"}, Key.POS: {"v": "VB"}}), 0)
    found = [Hypothesis("v", (), (_candidate(polarity, "JJ", vertex="m"), _candidate(ever, "JJ", vertex="e")),
                        (), (), (), (), 0.0, 0.0, 0.0)
             for polarity, ever in (("not", "never"), ("", "never"), ("not", "ever"), ("", "ever"))]
    said = [" ".join(_realize_words(b)) for b in AGREEMENT.single_negation(c, found)]
    assert said == ["never", "not ever"]
    on_left = AGREEMENT.agreeing(c, "m", LEFT, [_candidate(word, "JJ", vertex="m") for word in ("no", "not")])
    assert _words(on_left) == ["not"]
    on_right = [_candidate(word, "JJ", vertex="m") for word in ("no", "not")]
    assert AGREEMENT.agreeing(c, "m", RIGHT, on_right) == on_right


def test_a_polarity_beside_ever_may_say_nothing():
    g = Graph({"v": "learn-01", "m": "-", "e": "ever"}, [("v", "polarity", "m"), ("v", "time", "e")], Order([]))
    c = Configuration(g, ("m",), (), AnnotationFunction({}), 0)
    options = [(_candidate("not", "JJ").steps[0][0], 0.5)]
    assert [t.word for t, _ in OFFERS.offered(c, options)] == ["not", ""]
    alone = Graph({"v": "learn-01", "m": "-"}, [("v", "polarity", "m")], Order([]))
    assert OFFERS.offered(c.with_(graph=alone), options) == options


def _realize_words(b):
    return [t.word for h in b.children for t, _ in h.steps[:1] if t.word]


def test_a_present_verb_is_also_offered_in_the_form_that_agrees_with_its_subject():
    g = Graph({"v": "benefit-01", "h": "he"}, [("v", "ARG0", "h")], Order([]))
    c = Configuration(g, ("v",), (), AnnotationFunction({Key.REAL: {"h": "he"}, Key.POS: {"h": "PRP"}}), 0)
    options = [(_candidate("benefit", "VB", "present").steps[0][0], 0.3),
               (_candidate("benefited", "VB", "past").steps[0][0], 0.2)]
    offered = [(t.word, t.annotation.tense, p) for t, p in OFFERS.offered(c, options)]
    assert offered == [("benefit", "present", 0.3), ("benefited", "past", 0.2), ("benefits", "present", 0.3)]
    they = c.with_(rho=c.rho.updated([(Key.REAL, "h", "they")]))
    assert OFFERS.offered(they, options) == options


def _controlled(verb, controller_role="ARG0", role="ARG1"):
    """c with σ1 = the ``role`` x of ``verb``, whose subject is a copy of the verb's ``controller_role``."""
    g = Graph({"p": verb, "s": "she", "x": "come-01", "k": "she"},
              [("p", controller_role, "s"), ("p", role, "x"), ("x", "ARG1", "k")], Order([]))
    return Configuration(g, ("x",), (), AnnotationFunction({Key.LINK: {"k": "s"}}), 0)


def _clause(word, pos, tense="--", subject=""):
    return Hypothesis("x", _candidate(word, pos, tense, vertex="x").steps, (_candidate(subject, "PRP", vertex="k"),),
                      (), (), (), tuple(f"{subject} {word}".split()), 0.0, 0.0, 0.0)


def test_a_controlled_subject_is_understood_and_its_verb_an_infinitive():
    found = [_clause("come", "VB", "present", subject="she"), _clause("come", "VB", "present"),
             _clause("comes", "VB", "present"), _clause("coming", "NN")]
    assert [" ".join(b.words) for b in AGREEMENT.controlled(_controlled("promise-01"), found)] == ["come"]
    # a verb of saying takes a finite clause ("she said that she would come")
    assert AGREEMENT.controlled(_controlled("say-01"), found) == found
    # the ARG2 of a verb that takes an object and an infinitive controls it ("asked her to come")
    assert len(AGREEMENT.controlled(_controlled("ask-01", "ARG2"), found)) == 1
    assert AGREEMENT.controlled(_controlled("inform-01", "ARG2"), found) == found  # "informed her that she came"
    # a purpose whose subject is a copy is an infinitive, whatever its parent ("hurried to come")
    assert [" ".join(b.words) for b in AGREEMENT.controlled(_controlled("hurry-01", role="purpose"), found)] == ["come"]
    # so is the ARG2 of a verb that takes one ("dare to disobey")
    assert len(AGREEMENT.controlled(_controlled("dare-01", role="ARG2"), found)) == 1
    assert AGREEMENT.controlled(_controlled("say-01", role="ARG2"), found) == found


def test_a_controlled_clause_is_offered_its_verb_where_the_model_knows_a_noun_only():
    options = [(_candidate("coming", "NN").steps[0][0], 0.4)]
    offered = [(t.word, t.annotation.pos, p) for t, p in OFFERS.offered(_controlled("want-01"), options)]
    assert offered == [("coming", "NN", 0.4), ("come", "VB", 0.4)]
    assert OFFERS.offered(_controlled("eat-01"), options) == options
    reported = [(t.word, t.annotation.tense) for t, _ in OFFERS.offered(_controlled("show-01"), options)]
    assert reported == [("coming", "--"), ("came", "past"), ("comes", "present")]  # "shows that he came"


def test_to_goes_before_a_controlled_infinitive_said_verb_first():
    c = _controlled("want-01").with_(node_buffer=("p",))
    test = AGREEMENT.infinitive(c, "x")
    assert test(_clause("come", "VB")) and not test(_clause("coming", "NN"))
    assert AGREEMENT.infinitive(_controlled("show-01").with_(node_buffer=("p",)), "x") is None


@pytest.mark.parametrize("graph, said", [
    ("(p / promise-01 :ARG0 (s / she) :ARG1 (c / come-01 :ARG1 s :time (t / tomorrow)))", "she promised to come"),
    ("(t / try-01 :ARG0 (g / girl) :ARG1 (o / open-01 :ARG0 g :ARG1 (d / door)))", "tried to open the door"),
    ("(a / allow-01 :ARG0 (m / mother) :ARG2 (b / boy) :ARG1 (p / play-01 :ARG0 b))", "the boy to play"),
    ("(a / ask-01 :ARG0 (t / teacher) :ARG2 (s / student) :ARG1 (s2 / study-01 :ARG0 s))", "asked student to study"),
    ("(u / use-01 :ARG0 (w / we) :ARG1 (k / knife) :purpose (c / cut-01 :ARG0 w :ARG1 (b / bread)))",
     "used the knife to cut"),
])
def test_the_learnt_generator_says_controlled_infinitives_without_postprocessing(generator, graph, said):
    assert f" {said} " in f" {generator.with_postprocess('thesis').generate(Amr.from_penman(graph)).sentence} "


@pytest.mark.parametrize("graph, said", [
    # AMR's value entities and quantities say their value, and nothing is inserted beside the
    # children of a root said as nothing ("in president@whitehouse.gov" before)
    ('(e / email-address-entity :value "president@whitehouse.gov")', "president@whitehouse.gov"),
    ('(p / picture :name (n / name :op1 "Drawing" :op2 "Number" :op3 "One") :poss (i / i))', "my drawing number one"),
])
def test_nothing_dangles_beside_a_root_said_as_nothing(generator, graph, said):
    sentence = generator.with_postprocess("thesis").generate(Amr.from_penman(graph)).sentence
    assert sentence.startswith(said), sentence


@pytest.mark.parametrize("noun, number, kept", [("mechanisms", "plural", ["account", "are"]),
                                                ("mechanism", "singular", ["accounts", "is"])])
def test_a_relative_clause_s_verb_agrees_with_its_antecedent(noun, number, kept):
    c = _parent("mechanism", noun, "NN", "account-01", "ARG0-of", number)
    options = [_candidate(word, "VB", "present") for word in ("account", "accounts", "is", "are")]
    assert _words(AGREEMENT.agreeing(c, "u", RIGHT, options)) == kept
    past = [_candidate("accounted", "VB", "past")]
    assert AGREEMENT.agreeing(c, "u", RIGHT, past) == past


def test_a_relative_clause_is_offered_both_present_forms():
    g = Graph({"m": "mechanism", "a": "account-01"}, [("m", "ARG0-of", "a")], Order([]))
    c = Configuration(g, ("a",), (), AnnotationFunction({}), 0)
    options = [(_candidate("accounts", "VB", "present").steps[0][0], 0.3)]
    assert [t.word for t, _ in OFFERS.offered(c, options)] == ["accounts", "account"]


def test_no_to_before_the_noun_a_verb_of_infinitives_takes_nor_a_preposition_before_a_finite_clause():
    noun, verb, finite = _candidate("sheep", "NN"), _candidate("draw", "VB"), _candidate("draws", "VB", "present")
    want = AGREEMENT.barred_before(_parent("want-01", "want", "VB", "sheep", "ARG1"), "u")
    assert [want(b) for b in (noun, verb)] == [{"to"}, set()]  # "want a sheep", "want to draw"
    assert {"to", "of"} <= want(finite)  # "want he draws"
    bind = AGREEMENT.barred_before(_parent("bind-01", "binding", "VB", "gtp", "ARG1"), "u")  # "binding to gtp"
    assert [bind(b) for b in (noun, verb)] == [set(), set()]
    assert "that" not in bind(finite) and "of" in bind(finite)
    stock = AGREEMENT.barred_before(_parent("stock", "stock", "NN", "company", "mod"), "u")
    assert "of" in stock(noun) and "of" not in stock(verb)  # "the google stock", not "the stock of google"
    born = AGREEMENT.barred_before(_parent("bear-02", "born", "VB", "amr-unknown", "location"), "u")
    assert "in" in born(_candidate("where", "WRB")) and "in" not in born(noun)  # "where was he born", not "in where"



@pytest.mark.parametrize("graph, said", [
    ("(s / see-01 :ARG0 (y / you) :ARG1 (a / amr-unknown))", r"what do you see \?"),
    ("(l / live-01 :ARG0 (h / he) :location (a / amr-unknown))", r"where (does|did) he live \?"),
    ("(c / collect-01 :mode interrogative :ARG0 (h / he) :ARG1 (b / butterfly))", r"(does|did) he collect "),
    ('(b / bear-02 :ARG1 (p / person :name (n / name :op1 "Benjamin" :op2 "Franklin")) :time (a / amr-unknown))',
     r"when was benjamin franklin born \?"),
    ('(b / bury-01 :ARG1 (p / person :name (n / name :op1 "Juliana")) :location (c / city :mod (a / amr-unknown)))',
     r"in which city (is|was) juliana buried "),
])
def test_a_question_says_do_before_its_subject_and_its_question_word_first_without_postprocessing(
        generator, graph, said):
    """Do-support in a question: Insert-Child's *do* before the subject, which goes left of the
    verb, after the child that asks ("what do you see", not "you see what"); a passive's *be*
    likewise, and the phrase that asks keeps its preposition before it ("in which city")."""
    assert re.match(said, generator.with_postprocess("thesis").generate(Amr.from_penman(graph)).sentence)


def test_a_question_says_its_tense_on_an_auxiliary_where_a_candidate_does():
    """QALD "how many films did hal roach produce", MASSIVE "did pink record a new album": the
    language model prefers the declarative order, so the question's candidates that put *do*
    before the subject (or begin with an auxiliary) are kept, the others only where none does."""
    g = Graph({"r": "record-01", "p": "pink", "a": "album", "m": "interrogative"},
              [("r", "ARG0", "p"), ("r", "ARG1", "a"), ("r", "mode", "m")], Order([]))
    do = InsertedVertex(7)
    g.add_vertex(do, "do")
    g.add_edge("r", "", do)
    c = Configuration(g, ("r",), (), AnnotationFunction({}), 0)
    declarative = _candidate("recorded", "VB", "past", vertex="r")
    supported = _with_children(_candidate("record", "VB", "past", vertex="r"), _candidate("did", "VB", vertex=do))
    has = _candidate("has recorded", "VB", "present", vertex="r")
    assert AGREEMENT.do_supported(c, [declarative, supported, has]) == [supported, has]
    assert AGREEMENT.do_supported(c, [declarative]) == [declarative]
    # have as the frame's own word takes do ("does google have employees"); a statement keeps all
    own = Configuration(Graph({"h": "have-03", "g": "google", "m": "interrogative"},
                              [("h", "ARG0", "g"), ("h", "mode", "m")], Order([])), ("h",), (), AnnotationFunction({}), 0)
    owns = [_candidate("has", "VB", "present", vertex="h"), _candidate("have", "VB", vertex="h")]
    assert AGREEMENT.do_supported(own, owns) == owns
    assert AGREEMENT.do_supported(own, owns[:1] + [supported]) == [supported]
    statement = Configuration(Graph({"r": "record-01", "p": "pink"}, [("r", "ARG0", "p")], Order([])), ("r",), (),
                              AnnotationFunction({}), 0)
    assert AGREEMENT.do_supported(statement, [declarative, supported]) == [declarative, supported]


def _with_children(hypothesis, *children):
    hypothesis.children = children
    return hypothesis


def test_a_question_s_auxiliary_before_its_subject_agrees_with_the_subject_s_best_candidate():
    g = Graph({"w": "write-01", "p": "product", "a": "amr-unknown"}, [("w", "ARG1", "p"), ("w", "instrument", "a")],
              Order([]))
    be = InsertedVertex(7)
    g.add_vertex(be, "be")
    g.add_edge("w", "", be)
    rho = AnnotationFunction({Key.REAL: {"w": "written"}, Key.POS: {"w": "VB"}, Key.VOICE: {"w": "passive"}})
    c = Configuration(g, ("w",), (), rho, 0)
    options = [_candidate(word, "VB", vertex=be) for word in ("were", "was")]
    best = {"p": [_candidate("gimp", "NN", number="singular", vertex="p")]}
    assert _words(AGREEMENT.before_subject(c, be, ["p"], options, best)) == ["was"]  # "which languages was gimp written"
    assert AGREEMENT.before_subject(c, be, [], options, best) == options  # the subject combined before it


@pytest.mark.parametrize("frame, counted, word", [
    ("be-located-at-91", "stonehenge", "where"), ("have-quant-91", "river", "how many"),
    ("have-quant-91", "currency", "how much"),
])
def test_a_frame_s_role_asks_with_its_own_question_word(frame, counted, word):
    """MASSIVE-AMR "where is stonehenge", "how many rivers", "how much is the us dollar": the
    amr-unknown said *what* or nothing by the realize model is offered the frame's word instead;
    a word the model chose otherwise stays; the root asks through it, so each also with a copula."""
    g = Graph({"f": frame, "c": counted, "u": "amr-unknown"}, [("f", "ARG1", "c"), ("f", "ARG2", "u")], Order([]))
    c = Configuration(g, ("u",), (), AnnotationFunction({}), 0)
    what, nothing, which = (Realize(w, SyntacticAnnotation(pos="WP")) for w in ("what", "", "which"))
    offered = [t.word for t, _ in OFFERS.offered(c, [(what, 0.5), (nothing, 0.3), (which, 0.2)])]
    assert offered[:2] == [word, "which"]
    assert {f"{word} is", "which was"} <= set(offered[2:])  # with the copula of a question no verb says
