"""Postprocessing of the final configuration (thesis 4.4): the thesis's three
steps (:mod:`~amrgen.postprocess.thesis`) and our additions
(:mod:`~amrgen.postprocess.articles`, :mod:`~amrgen.postprocess.punctuation`,
:mod:`~amrgen.postprocess.clauses`, :mod:`~amrgen.postprocess.questions`,
:mod:`~amrgen.postprocess.phrases`), each
a named :class:`~amrgen.postprocess.step.Step` built from the toolkit of
:mod:`~amrgen.postprocess.editing`, run as a declared pipeline
(:mod:`~amrgen.postprocess.pipeline`)."""
