"""The n-gram language model of the generator (thesis 2.6, score_LM of Eq. equ:score_lm in 4.2.1).

- :mod:`amrgen.lm.model`: :class:`~amrgen.lm.model.LanguageModel`, a KenLM model with score_LM.
- :mod:`amrgen.lm.build`: estimating one with KenLM's ``lmplz`` and ``build_binary``.
- :mod:`amrgen.lm.counts`: :class:`~amrgen.lm.counts.CountNgrams`, the unsmoothed count-based
  estimate of 2.6 (for teaching and worked example 8; the generator does not use it).
"""

from amrgen.lm.model import LanguageModel

__all__ = ["LanguageModel"]
