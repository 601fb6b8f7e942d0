"""A corpus run: every graph of a corpus file generated, in corpus order (thesis 5.3).

One graph's road through ``amrgen generate``, each module once on the way down:
``commands/generate.py`` reads the options and the corpus;
:mod:`amrgen.run.spec` resolves the generator once into a :class:`~amrgen.run.spec.RunSpec`
(hyperparameters, pipeline, conventions, limits: plain values);
:mod:`amrgen.run.corpus` chooses the runner (:func:`~amrgen.run.corpus.runner_for`) and hands it
the graphs (:func:`~amrgen.run.corpus.run_corpus`);
:mod:`amrgen.run.runners` (one process, local processes, Dask) loads the generator once per
process (:func:`~amrgen.run.runners.generator`) and gives each graph to :mod:`amrgen.run.graph`
(:func:`~amrgen.run.graph.generate_graph`: every failure caught, the limits held), which calls
:class:`amrgen.decoding.generator.Generator` (normalization, phase 1, phase 2, postprocessing);
:mod:`amrgen.run.trace` writes a ``--trace`` line.  Scoring is :mod:`amrgen.evaluation`'s.

:mod:`amrgen.run.tuning` runs one corpus run per hyperparameter assignment (thesis 4.5), and
:mod:`amrgen.run.cluster` is the Dask client the cluster runner uses.
"""
