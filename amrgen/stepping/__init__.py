"""Stepping a derivation, as the application shows it and a script can (docs/stepping.md).

- :mod:`~amrgen.stepping.session`: S_AMR from c_s(G) with the oracle's
  transitions or one's own, forward and back (oracle and manual mode);
- :mod:`~amrgen.stepping.generation_session`: what the trained generator
  does with a graph, with all(c) ranked by P(t | c), overriding its choice
  and what it does then (model mode);
- :mod:`~amrgen.stepping.search_record`: phase 2's best(v) with the
  candidates the search pruned, and the path to the winner;
- :mod:`~amrgen.stepping.loaded_generator`: the generator those sessions
  ask, loaded as ``amrgen generate`` loads it, safe to ask from two threads.

Importing this package loads no decoder: the generator's modules are
imported by :mod:`~amrgen.stepping.generation_session` and when a
generator loads.
"""
