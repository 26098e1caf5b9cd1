"""Writing the activity log: `record` for a staff write, `security_event_record` for the sign-in's events.

Each staff write calls `record` itself, in the service that makes the write (or the Django admin's hook that saves a
form), inside the write's transaction when it has one: a write that rolls back leaves no line, and a line is never
missing for a write that committed.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import models

from shopsite.logs import request_id_current

from .models import Entry

# The actor of a line: an account (any object with pk, email and display_name), or an operator's command's name.
Actor = Any


def command(name: str) -> str:
    """The actor an operator's command records under: `record(command("set_user_status"), ...)`."""
    return f"command {name}"


def record(
    actor: Actor,
    kind: str,
    obj: models.Model | None = None,
    *,
    before: Mapping[str, Any] | None = None,
    after: Mapping[str, Any] | None = None,
    via: str | None = None,
    label: str | None = None,
) -> Entry:
    """One line: `actor` did `kind` ("shoe.update") to `obj`, whose values went from `before` to `after`.

    `via` is where it was done: the dashboard's API unless said (a command's actor says itself).
    """
    if isinstance(actor, str):
        actor_fields = {"actor_name": actor[:120]}
        via = via or Entry.Via.COMMAND
    elif actor is not None and getattr(actor, "pk", None) is not None:
        actor_fields = {
            "actor_id": actor.pk,
            "actor_email": actor.email,
            "actor_name": (actor.display_name or "")[:120],
        }
    else:
        actor_fields = {}
    record_fields = {}
    if obj is not None:
        record_fields = {
            "record_type": obj._meta.model_name,
            "record_id": str(obj.pk) if obj.pk is not None else "",
            "record_label": (label if label is not None else str(obj))[:200],
        }
    elif label:
        record_fields = {"record_label": label[:200]}
    request_id = request_id_current()
    return Entry.objects.create(
        kind=kind,
        via=via or Entry.Via.DASHBOARD,
        before=dict(before) if before is not None else None,
        after=dict(after) if after is not None else None,
        request_id="" if request_id == "-" else request_id,
        **actor_fields,
        **record_fields,
    )


def security_event_record(kind: str, *, user=None, request=None, email: str = "", detail: str = "") -> Entry:
    """A security event ("sign_in_failed", "sign_in_lockout", "otp_failed"...), logged as "security.<kind>".

    `user` is the account the event names, when one does (it is the line's record, and its actor: the event was
    done in its name); `email` the address tried when no account holds it; `request` gives the client's address.
    """
    after: dict[str, str] = {}
    if email:
        after["email"] = email[:254]
    if detail:
        after["detail"] = detail[:500]
    if request is not None and (address := request.META.get("REMOTE_ADDR")):
        after["client"] = address
    return record(
        user,
        f"security.{kind}",
        user,
        after=after or None,
        via=Entry.Via.SIGN_IN,
        label=None if user is not None else email[:200],
    )


# Never written to the log, whatever asks: a password's hash is a secret even hashed.
SECRET_FIELDS = frozenset({"password"})


def values(obj: models.Model, names: Iterable[str]) -> dict[str, Any]:
    """Those fields of `obj` as the log keeps them: a relation by what it is called, a file by its name (a secret
    field never)."""
    kept: dict[str, Any] = {}
    for name in names:
        if name in SECRET_FIELDS:
            continue
        field = obj._meta.get_field(name)
        if field.many_to_many:
            kept[name] = sorted(str(item) for item in getattr(obj, name).all()) if obj.pk else []
        elif field.is_relation:
            related = getattr(obj, name)
            kept[name] = str(related) if related is not None else None
        elif isinstance(field, models.FileField):
            kept[name] = getattr(obj, name).name or ""
        else:
            kept[name] = getattr(obj, field.attname)
    return kept


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[dict, dict]:
    """The values that differ, before and after (a field left as it was is not repeated in the log)."""
    changed = [name for name in after if before.get(name) != after[name]]
    return {name: before.get(name) for name in changed}, {name: after[name] for name in changed}
