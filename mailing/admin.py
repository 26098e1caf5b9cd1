"""Django admin for the outbox, newsletter signups and contact messages: staff read them, and send waiting mail now."""

from datetime import timedelta

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.text import Truncator

from activity.models import Entry
from activity.recorded_admin import RecordedAdmin

from . import services
from .models import ContactMessage, Mail, NewsletterSignup

# A mail still waiting after this long was refused again and again (or no worker runs): staff should look at it.
WAITING_LONG = timedelta(hours=1)


class WaitingFilter(admin.SimpleListFilter):
    """The mails to look at after an outage: still waiting, and waiting for long."""

    title = "waiting"
    parameter_name = "waiting"

    def lookups(self, request, model_admin):
        return [("yes", "Not sent yet"), ("long", "Not sent after an hour")]

    def queryset(self, request, queryset):
        waiting = queryset.filter(state__in=[Mail.State.PENDING, Mail.State.SENDING])
        if self.value() == "yes":
            return waiting
        if self.value() == "long":
            return waiting.filter(created_at__lt=timezone.now() - WAITING_LONG)
        return queryset


class ReadOnlyAdmin(RecordedAdmin):
    """What the shop stored is shown as it is: staff may delete a row, never write one."""

    date_hierarchy = "created_at"

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        # A row's own page is view-only; the list keeps the model's change right, which an action may need.
        return obj is None and super().has_change_permission(request)


@admin.register(Mail)
class MailAdmin(ReadOnlyAdmin):
    list_display = ("kind", "to", "state", "attempts", "error_start", "created_at", "sent_at")
    list_filter = (WaitingFilter, "state", "kind", "created_at")
    search_fields = ("to", "request_id")
    fields = readonly_fields = (
        "kind", "to", "reply_to", "context", "state", "attempts", "last_error", "claimed_at", "sent_at", "request_id",
        "created_at", "updated_at",
    )  # fmt: skip
    actions = ["send_again"]

    @admin.display(description="last error")
    def error_start(self, mail: Mail) -> str:
        return Truncator(mail.last_error).chars(80)

    @admin.action(description="Send again", permissions=["change"])
    def send_again(self, request, queryset: QuerySet) -> None:
        report = services.mail_send_again(actor=request.user, mails=queryset, via=Entry.Via.ADMIN)
        text = f"{report.queued} handed to the workers."
        if report.done:
            text += f" {report.done} had been sent (or dropped) already and were left alone."
        if report.busy:
            text += f" {report.busy} are being sent right now."
        self.message_user(request, text, messages.SUCCESS)


@admin.register(NewsletterSignup)
class NewsletterSignupAdmin(ReadOnlyAdmin):
    list_display = ("email", "subscribed", "confirmed_at", "created_at")
    list_filter = ("confirmed_at", "unsubscribed_at", "created_at")
    search_fields = ("email",)
    fields = readonly_fields = (
        "email", "confirmed_at", "confirmation_mailed_at", "unsubscribed_at", "created_at", "updated_at",
    )  # fmt: skip

    @admin.display(boolean=True, ordering="confirmed_at", description="subscribed (confirmed, not unsubscribed)")
    def subscribed(self, signup: NewsletterSignup) -> bool:
        return signup.subscribed


@admin.register(ContactMessage)
class ContactMessageAdmin(ReadOnlyAdmin):
    list_display = ("name", "email", "message_start", "created_at")
    list_filter = ("created_at",)
    search_fields = ("name", "email", "message")
    fields = readonly_fields = ("name", "email", "message", "created_at", "updated_at")

    @admin.display(description="message")
    def message_start(self, contact_message: ContactMessage) -> str:
        return Truncator(contact_message.message).chars(60)
