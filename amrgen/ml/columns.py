"""A feature list compiled against one maximum entropy model's vocabulary: the
model's columns active in a context (thesis 2.7), without composing the
strings of the features the model does not know.

:func:`~amrgen.ml.features.extract` gives every active f_{s_i} as a string,
``s1=a1|s2=a2`` for a composition; a model then keeps those of its
vocabulary.  Decoding asks hundreds of thousands of such questions, and most
composed strings of a context are not in a compacted vocabulary.  Here each
feature of the list is a trie over its parts' strings (``s1=a1``, then
``s2=a2``, ...), built from the vocabulary, whose leaves are the columns: a
part whose strings lead nowhere ends the feature without evaluating the parts
after it, and no composed string is made.  The columns found are those of
the known strings of :func:`extract`, so the model's answer is the same.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from amrgen.ml.context import FeatureContext
from amrgen.ml.features import FeatureList
from amrgen.ml.indicators import Feature, Indicator

Plan = tuple[tuple[dict, tuple[int, ...]], ...]
"""The features of one group: (trie, indices of their parts' indicators)."""


def split_string(string: str) -> list[str]:
    """The parts ``s1=a1``, ``s2=a2``, ... of a feature string, escapes kept (a
    value's ``|`` is written ``\\|`` and its ``\\`` as ``\\\\``)."""
    parts, start, i = [], 0, 0
    while i < len(string):
        if string[i] == "\\":
            i += 2
            continue
        if string[i] == "|":
            parts.append(string[start:i])
            start = i + 1
        i += 1
    parts.append(string[start:])
    return parts


_VALUES = re.compile(r"=[^|]*")
"""The values of a feature string without escapes: what is left is its spec."""


def _spec(feature: Feature) -> str:
    """The parts of a feature as its strings begin them, ``Concept(v)|InLabel(p)``."""
    return "|".join(part.text for part in feature.parts)


class FeatureColumns:
    """The columns of ``vocabulary`` that the features of ``features`` make active,
    memoised as :func:`~amrgen.ml.features.extract` memoises their strings: the
    features that read the graph only once per graph and vertices of their
    roles, those that read ρ and α too once per vertices for the contexts of one
    configuration and α, those that read the order or the sides every time."""

    def __init__(self, features: FeatureList, vocabulary: Sequence[str]) -> None:
        tries: dict[str, dict] = {_spec(f): {} for f in features}
        for column, string in enumerate(vocabulary):
            if "\\" in string:
                parts = split_string(string)
                spec = "|".join(part.partition("=")[0] for part in parts)
            else:  # most strings: the spec by one regular expression, in C
                spec = _VALUES.sub("", string)
                parts = string.split("|") if "|" in spec else [string]
            trie = tries.get(spec)
            if trie is None:
                continue  # a feature no longer in the list
            for part in parts[:-1]:
                trie = trie.setdefault(part, {})
            trie[parts[-1]] = column
        index: dict[Indicator, int] = {}

        def plan(group: Sequence) -> Plan:
            # A feature without a known string cannot add a column: left out.
            return tuple((tries[_spec(f)], tuple(index.setdefault(p, len(index)) for p in f.parts))
                         for f in group if tries[_spec(f)])

        stateless, self._roles, stateful, self._stateful_roles = features.split
        self._stateless = plan(stateless)
        self._rho = plan([f for f in stateful if not f.reads_order])
        self._order = plan([f for f in stateful if f.reads_order])
        self.indicators: list[Indicator] = sorted(index, key=index.__getitem__)
        """The distinct indicators of the features, by the indices of the plans."""

    def columns(self, context: FeatureContext) -> tuple[int, ...]:
        """The known columns active in ``context``, each once, in increasing order."""
        evaluated: list[tuple[str, ...] | None] = [None] * len(self.indicators)
        key = (self, *(context.vertex(role) for role in self._roles))
        found = context.facts.list_memo.get(key)
        if found is None:
            found = context.facts.list_memo[key] = self._found(self._stateless, context, evaluated)
        if self._rho or self._order:
            key = (self, *(context.vertex(role) for role in self._stateful_roles))
            known = context.rho_memo.get(key)
            if known is None:
                known = context.rho_memo[key] = self._found(self._rho, context, evaluated)
            found = found + known + self._found(self._order, context, evaluated)
        return tuple(sorted(set(found)))

    def _found(self, plan: Plan, context: FeatureContext, evaluated: list[tuple[str, ...] | None]) -> list[int]:
        """The columns of ``plan``'s features in ``context``; ``evaluated`` keeps each
        indicator's strings (by its index) for the other features of the same context.
        Written for speed (decoding's most frequent question): a list, not a dict, for
        ``evaluated``, and ``in`` before indexing a trie, as most strings lead nowhere."""
        found: list[int] = []
        indicators = self.indicators
        for trie, parts in plan:
            nodes: Any = (trie,)
            for i in parts:
                strings = evaluated[i]
                if strings is None:
                    strings = evaluated[i] = indicators[i].strings(context)
                if len(strings) == 1 and len(nodes) == 1:  # most indicators have one value: no list
                    string, node = strings[0], nodes[0]
                    if string not in node:
                        break
                    nodes = (node[string],)
                else:
                    nodes = [node[s] for node in nodes for s in strings if s in node]
                    if not nodes:
                        break
            else:
                found.extend(nodes)
        return found
