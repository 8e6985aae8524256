"""How the eval pairs a planner's actions with the expected ones, and when a field matches.

Matching is lenient where estimates vary and strict where they must not: an expected string
matches when it is contained (case-insensitive), a number exactly or by
`{"min": a, "max": b}`, and a field left out is not checked.

Predicted and expected actions are paired per type, maximising first the fully matching
pairs and then the agreeing fields. An expected action marked `"optional": true` (a small
addition a planner may log on its own or fold into the main item, as "a splash of milk")
counts only when a prediction fully matches it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

_MAX_DP_PREDICTIONS = 12


def _leaves(expected: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """(path, expected value) for every checked field; a {"min","max"} dict is one leaf."""
    leaves: list[tuple[str, Any]] = []
    for key, value in expected.items():
        if not prefix and key in ("type", "optional"):
            continue
        path = f"{prefix}{key}"
        if isinstance(value, dict) and not _is_range(value):
            leaves.extend(_leaves(value, f"{path}."))
        else:
            leaves.append((path, value))
    return leaves


def _is_range(value: dict[str, Any]) -> bool:
    return bool(value) and set(value) <= {"min", "max"}


def _lookup(data: Any, path: str) -> Any:
    for part in path.split("."):
        if not isinstance(data, dict) or part not in data:
            return _MISSING
        data = data[part]
    return data


_MISSING = object()


def value_matches(expected: Any, got: Any) -> bool:
    """One field: contained text, exact number, number in range, every listed item present
    (in a list, or as text in a string)."""
    if got is _MISSING:
        return False
    if isinstance(expected, dict) and _is_range(expected):
        if isinstance(got, bool) or not isinstance(got, int | float):
            return False
        low, high = expected.get("min"), expected.get("max")
        return (low is None or got >= low) and (high is None or got <= high)
    if isinstance(expected, str):
        return got is not None and expected.casefold() in str(got).casefold()
    if isinstance(expected, bool) or expected is None:
        return bool(got == expected)
    if isinstance(expected, int | float):
        return (
            isinstance(got, int | float)
            and not isinstance(got, bool)
            and abs(got - expected) < 1e-9
        )
    if isinstance(expected, list):
        if isinstance(got, str):  # several words a free text must hold (check-in notes)
            return all(value_matches(e, got) for e in expected)
        items = got if isinstance(got, list) else []
        return all(any(value_matches(e, g) for g in items) for e in expected)
    return bool(expected == got)


def field_results(expected: dict[str, Any], got: dict[str, Any]) -> list[tuple[str, bool]]:
    return [(path, value_matches(value, _lookup(got, path))) for path, value in _leaves(expected)]


def _pair_score(expected: dict[str, Any], got: dict[str, Any]) -> tuple[int, int]:
    """(full matches, agreeing fields); a required action's full match outweighs an optional
    one's, so a prediction that could be either goes to the required one."""
    results = field_results(expected, got)
    hits = sum(ok for _path, ok in results)
    full = hits == len(results)
    return (0 if not full else 1 if expected.get("optional") else 2, hits)


def pair_actions(
    expected: Sequence[dict[str, Any]], got: Sequence[dict[str, Any]]
) -> list[tuple[int, int]]:
    """Pairs (expected index, predicted index) of the same type, best assignment first.

    Best = most full matches, then most agreeing fields; exact for up to 12 predictions of a
    type (dynamic programming over subsets), greedy beyond.
    """
    pairs: list[tuple[int, int]] = []
    types = {str(a.get("type")) for a in expected}
    for action_type in sorted(types):
        e_idx = [i for i, a in enumerate(expected) if a.get("type") == action_type]
        g_idx = [j for j, a in enumerate(got) if a.get("type") == action_type]
        if not g_idx:
            continue
        scores = {(i, j): _pair_score(expected[i], got[j]) for i in e_idx for j in g_idx}
        if len(g_idx) <= _MAX_DP_PREDICTIONS:
            pairs.extend(_best_assignment(e_idx, g_idx, scores))
        else:
            pairs.extend(_greedy_assignment(scores))
    return pairs


def _best_assignment(
    e_idx: list[int], g_idx: list[int], scores: dict[tuple[int, int], tuple[int, int]]
) -> list[tuple[int, int]]:
    memo: dict[tuple[int, int], tuple[tuple[int, int], list[tuple[int, int]]]] = {}

    def best(k: int, used: int) -> tuple[tuple[int, int], list[tuple[int, int]]]:
        if k == len(e_idx):
            return (0, 0), []
        key = (k, used)
        if key in memo:
            return memo[key]
        result = best(k + 1, used)  # leave this expected action unpaired
        for pos, j in enumerate(g_idx):
            if used & (1 << pos):
                continue
            (full, hits), rest = best(k + 1, used | (1 << pos))
            s = scores[(e_idx[k], j)]
            candidate = ((full + s[0], hits + s[1]), [(e_idx[k], j), *rest])
            if candidate[0] > result[0]:
                result = candidate
        memo[key] = result
        return result

    return best(0, 0)[1]


def _greedy_assignment(scores: dict[tuple[int, int], tuple[int, int]]) -> list[tuple[int, int]]:
    pairs: list[tuple[int, int]] = []
    used_e: set[int] = set()
    used_g: set[int] = set()
    for (i, j), _score in sorted(scores.items(), key=lambda kv: kv[1], reverse=True):
        if i not in used_e and j not in used_g:
            pairs.append((i, j))
            used_e.add(i)
            used_g.add(j)
    return pairs
