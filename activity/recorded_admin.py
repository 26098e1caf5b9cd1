"""What the Django admin's own saves and deletes write to the activity log: a mixin for the apps' ModelAdmins.

A ModelAdmin whose save or delete goes through a service that records (the shoes' delete, the reviews') overrides
these hooks and passes the service the actor; the actions do the same.
"""

from django.contrib import admin
from django.db import transaction

from . import services
from .models import Entry


def _form_fields(obj, names) -> list[str]:
    concrete = {field.name for field in obj._meta.get_fields() if field.concrete}
    return [name for name in names if name in concrete]


class RecordedAdmin(admin.ModelAdmin):
    """Records every add, change and delete the admin's forms, inlines and delete pages make."""

    def save_model(self, request, obj, form, change) -> None:
        names = _form_fields(obj, form.changed_data if change else form.fields)
        before = {}
        if change and obj.pk is not None:
            stored = type(obj)._default_manager.filter(pk=obj.pk).first()
            before = services.values(stored, names) if stored is not None else {}
        super().save_model(request, obj, form, change)
        self._record_save(request, obj, change, before, names)

    def save_related(self, request, form, formsets, change) -> None:
        # Many-to-many fields (a user's groups) are saved here, after the object: recorded with their new values.
        names = [name for name in form.changed_data if name in {f.name for f in form.instance._meta.many_to_many}]
        before = services.values(form.instance, names) if change and names else {}
        super().save_related(request, form, formsets, change)
        if names:
            self._record_save(request, form.instance, change, before, names)

    def _record_save(self, request, obj, change, before, names) -> None:
        after = services.values(obj, names)
        if change:
            before, after = services.changes(before, after)
            if not after:
                return
        kind = f"{obj._meta.model_name}.{'update' if change else 'create'}"
        services.record(request.user, kind, obj, before=before or None, after=after, via=Entry.Via.ADMIN)

    def save_formset(self, request, form, formset, change) -> None:
        # The inlines' rows: what each changed, added or deleted row held.
        deleted = [
            (obj, services.values(obj, _form_fields(obj, inline.fields)))
            for inline in formset.deleted_forms
            if (obj := inline.instance).pk is not None
        ]
        befores = {
            inline.instance.pk: {name: inline.initial.get(name) for name in inline.changed_data}
            for inline in formset.initial_forms
            if inline.instance.pk is not None and inline.has_changed()
        }
        super().save_formset(request, form, formset, change)
        for obj, before in deleted:
            services.record(request.user, f"{obj._meta.model_name}.delete", obj, before=before, via=Entry.Via.ADMIN)
        for obj in formset.new_objects:
            after = services.values(obj, _form_fields(obj, formset.forms[0].fields if formset.forms else []))
            services.record(request.user, f"{obj._meta.model_name}.create", obj, after=after, via=Entry.Via.ADMIN)
        for obj, changed in formset.changed_objects:
            names = _form_fields(obj, changed)
            before = {name: befores.get(obj.pk, {}).get(name) for name in names}
            before, after = services.changes(before, services.values(obj, names))
            kind = f"{obj._meta.model_name}.update"
            services.record(request.user, kind, obj, before=before, after=after, via=Entry.Via.ADMIN)

    # Recorded first, in the delete's transaction: a delete refused (a protected row) takes its line back with it.

    @transaction.atomic
    def delete_model(self, request, obj) -> None:
        self._record_delete(request, obj)
        super().delete_model(request, obj)

    @transaction.atomic
    def delete_queryset(self, request, queryset) -> None:
        for obj in queryset:
            self._record_delete(request, obj)
        super().delete_queryset(request, queryset)

    def _record_delete(self, request, obj) -> None:
        names = [field.name for field in obj._meta.concrete_fields if not field.primary_key]
        services.record(
            request.user,
            f"{obj._meta.model_name}.delete",
            obj,
            before=services.values(obj, names),
            via=Entry.Via.ADMIN,
        )
