"""Bundles made safe to send, and whether a write of unknown outcome already landed.

The service's POSTs are not idempotent, so a write whose outcome is unknown (a timeout or 5xx
after the request may have landed, or a process killed mid-send) is reconciled before it is
sent again: the day is read back and compared (`landed`). A bundle is applied all or none, so
one "witness" action that can be recognised in the service's data settles the whole bundle;
bundles made only of repeatable actions (check-in upserts, goals, marks, named items) are
simply sent again.

Before a bundle is sent it is prepared (`prepare_bundle`): check-ins merged with the day's,
supplements added to the stack before they are marked. `next_bundle` takes as many waiting
items as fit one request, and `split_results` gives the service's answer back to each item.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from bot.agent_api.actions import (
    Action,
    CheckinUpsert,
    NutritionAddEntry,
    SupplementAddItem,
    SupplementMarkTaken,
    SupplementToggle,
    SupportCreateTicket,
    WeightLog,
)
from bot.agent_api.client import AgentApiClient
from bot.agent_api.views import IngestResult
from bot.kernel.stack import stack_name
from bot.sync.items import Entry

WITNESS_TYPES = (NutritionAddEntry, WeightLog, SupportCreateTicket)
BUNDLE_MAX = 100  # actions per /ingest: the service's limit (spec; docs/agent-api.md)


async def prepare_bundle(
    api: AgentApiClient, parts: Sequence[Sequence[Action]]
) -> tuple[list[Action], list[int]]:
    """Make the items of one request safe for the harshest server; and which part (item)
    each action is from.

    `checkin.upsert` replaces the day's whole check-in, so each is merged with what the day
    already holds (one read per day). A supplement is marked under the stack's own name for it
    (`stack_name`); one that is not in the stack would be refused, so it is added first,
    spelled the way the person said it. Check-ins of one day
    are merged across all the parts (two upserts in one bundle would leave only the last),
    into the place of the first; that part owns the merged one.
    """
    tagged = [(owner, action) for owner, part in enumerate(parts) for action in part]
    merged: dict[dt.date, CheckinUpsert] = {}
    for _, action in tagged:
        if not isinstance(action, CheckinUpsert):
            continue
        base = merged.get(action.date)
        if base is None:
            existing = (await api.checkin_of(action.date)).checkin
            base = CheckinUpsert(date=action.date)
            if existing is not None:
                base = CheckinUpsert(
                    date=action.date,
                    mood=existing.mood,
                    energy=existing.energy,
                    sleep_quality=existing.sleep_quality,
                    notes=existing.notes,
                )
        update = action.model_dump(exclude_none=True, exclude={"type", "date"})
        if "notes" in update and base.notes and update["notes"] not in base.notes:
            update["notes"] = f"{base.notes}; {update['notes']}"
        merged[action.date] = base.model_copy(update=update)

    prepared: list[Action] = []
    owners: list[int] = []
    stacks: dict[dt.date, list[str]] = {}
    added: list[str] = []  # put in the stack by this bundle, as spelled
    for owner, action in tagged:
        if isinstance(action, CheckinUpsert):
            if action.date in merged:
                prepared.append(merged.pop(action.date))
                owners.append(owner)
            continue
        if isinstance(action, SupplementMarkTaken | SupplementToggle):
            if action.date not in stacks:
                items = (await api.supplements_of(action.date)).items or []
                stacks[action.date] = [i.name for i in items if i.name]
            stacked = stack_name(action.name, [*stacks[action.date], *added])
            if stacked is not None:
                action = action.model_copy(update={"name": stacked})
            else:
                prepared.append(SupplementAddItem(name=action.name))
                owners.append(owner)
                added.append(action.name)
        if isinstance(action, SupplementAddItem):
            added.append(action.name)
        prepared.append(action)
        owners.append(owner)
    return prepared, owners


def _same(a: Any, b: float) -> bool:
    return isinstance(a, int | float) and abs(float(a) - b) < 1e-6


async def _candidates(api: AgentApiClient, witness: Action) -> list[str]:
    """Ids of the service's records that look exactly like `witness`."""
    if isinstance(witness, NutritionAddEntry):
        body = await api.nutrition(witness.date)
        entries = body.get("entries") if isinstance(body, dict) else None
        e = witness.entry
        return [
            str(x.get("id"))
            for x in entries or []
            if isinstance(x, dict)
            and x.get("food") == e.food
            and all(_same(x.get(k), getattr(e, k)) for k in ("calories", "protein", "carbs", "fat"))
        ]
    if isinstance(witness, WeightLog):
        body = await api.weight(witness.date, witness.date)
        records = body.get("records") if isinstance(body, dict) else None
        return [
            str(x.get("id"))
            for x in records or []
            if isinstance(x, dict)
            and x.get("date") == witness.date.isoformat()
            and _same(x.get("weightKg"), witness.weight_kg)
        ]
    if isinstance(witness, SupportCreateTicket):
        body = await api.support()
        tickets = body.get("tickets") if isinstance(body, dict) else None
        return [
            str(x.get("id"))
            for x in tickets or []
            if isinstance(x, dict)
            and x.get("subject") == witness.subject
            and x.get("message") == witness.message
        ]
    return []


async def landed(
    api: AgentApiClient, actions: Sequence[Action], accounted: set[str]
) -> list[dict[str, Any]] | None:
    """Reconcile: results to record if the bundle is found applied, else None (send again).

    `accounted` holds the ids of records earlier deliveries created, so an identical entry
    logged on purpose before ("another coffee") is not mistaken for this one. When the
    bundle is found, every witness-type record of it is claimed in the results, not only the
    first: otherwise a later, identical entry ("a banana and a coffee", then "a coffee") could
    be "found" in this bundle's unclaimed record and never sent.
    """
    for index, action in enumerate(actions):
        if isinstance(action, WITNESS_TYPES):
            fresh = [i for i in await _candidates(api, action) if i not in accounted]
            if not fresh:
                return None
            claimed = set(accounted) | {fresh[0]}
            results = [{"index": index, "type": action.type, "id": fresh[0], "reconciled": True}]
            for later, other in enumerate(actions[index + 1 :], start=index + 1):
                if not isinstance(other, WITNESS_TYPES):
                    continue
                more = [i for i in await _candidates(api, other) if i not in claimed]
                if more:
                    claimed.add(more[0])
                    results.append(
                        {"index": later, "type": other.type, "id": more[0], "reconciled": True}
                    )
            return results
        if isinstance(action, SupplementToggle):
            # A flip cannot be told from the data; sending it twice would undo it. Treat as
            # applied (docs/reliability.md).
            return [{"index": index, "type": action.type, "reconciled": True}]
    return None


async def next_bundle(
    api: AgentApiClient, entries: list[Entry]
) -> tuple[list[Entry], list[Action], list[int]]:
    """The first items of `entries` that fit one request, prepared; whose each action is."""
    count = 0
    take = 0
    for entry in entries:
        if take and count + len(entry.actions) > BUNDLE_MAX:
            break
        count += len(entry.actions)
        take += 1
    while True:
        bundle = entries[:take]
        prepared, owners = await prepare_bundle(api, [e.actions for e in bundle])
        if len(prepared) <= BUNDLE_MAX or take == 1:
            return bundle, prepared, owners
        take -= 1  # the supplements added to the stack made it too long


def split_results(
    bundle: list[Entry], owners: list[int], result: IngestResult
) -> list[tuple[Entry, list[dict[str, Any]]]]:
    """The service's per-action results, given back to the item each action came from."""
    per_item: list[list[dict[str, Any]]] = [[] for _ in bundle]
    for position, r in enumerate(result.results or []):
        index = r.index if isinstance(r.index, int) else position
        if 0 <= index < len(owners):
            per_item[owners[index]].append(r.model_dump(exclude_none=True))
    return list(zip(bundle, per_item, strict=True))
