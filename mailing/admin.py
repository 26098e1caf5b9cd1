"""Django admin for newsletter signups and contact messages: read them, delete them, send them again."""

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.utils.text import Truncator

from . import services
from .models import ContactMessage, NewsletterSignup
from .services import MailReport


class MailedFilter(admin.SimpleListFilter):
    """Rows still waiting for their mail are the ones 'Send again' is for."""

    title = "mailed"
    parameter_name = "mailed"

    def lookups(self, request, model_admin):
        return [("yes", "Mailed"), ("no", "Waiting")]

    def queryset(self, request, queryset):
        if self.value() in ("yes", "no"):
            return queryset.filter(mailed_at__isnull=self.value() == "no")
        return queryset


class VisitorContentAdmin(admin.ModelAdmin):
    """What visitors sent is shown as they sent it: staff may delete it or mail it again, never edit it."""

    date_hierarchy = "created_at"
    actions = ["send_again"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        # A row's own page is view-only; the list keeps the model's change right, which 'Send again' needs.
        return obj is None and super().has_change_permission(request)

    @admin.display(boolean=True, ordering="mailed_at", description="mailed")
    def mailed(self, row) -> bool:
        return row.mailed_at is not None

    @admin.action(description="Send again", permissions=["change"])
    def send_again(self, request, queryset: QuerySet) -> None:
        waiting = queryset.filter(mailed_at__isnull=True).count()
        report = self.send_pending(queryset)
        skipped = queryset.count() - waiting
        text = f"{report.sent} sent, {report.failed} failed (they stay waiting; see the log)."
        if skipped:
            text += f" {skipped} had been mailed already and were left alone."
        self.message_user(request, text, messages.WARNING if report.failed else messages.SUCCESS)

    def send_pending(self, queryset: QuerySet) -> MailReport:
        raise NotImplementedError


@admin.register(NewsletterSignup)
class NewsletterSignupAdmin(VisitorContentAdmin):
    list_display = ("email", "mailed", "mailed_at", "created_at")
    list_filter = (MailedFilter, "created_at")
    search_fields = ("email",)
    fields = readonly_fields = ("email", "mailed_at", "created_at", "updated_at")

    def send_pending(self, queryset: QuerySet) -> MailReport:
        return services.newsletter_welcome_send_pending(signups=queryset)


@admin.register(ContactMessage)
class ContactMessageAdmin(VisitorContentAdmin):
    list_display = ("name", "email", "message_start", "mailed", "created_at")
    list_filter = (MailedFilter, "created_at")
    search_fields = ("name", "email", "message")
    fields = readonly_fields = ("name", "email", "message", "mailed_at", "created_at", "updated_at")

    @admin.display(description="message")
    def message_start(self, contact_message: ContactMessage) -> str:
        return Truncator(contact_message.message).chars(60)

    def send_pending(self, queryset: QuerySet) -> MailReport:
        return services.contact_message_send_pending(contact_messages=queryset)
