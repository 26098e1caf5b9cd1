"""What the shop holds of a person, as the JSON of "Download my data" and `manage.py export_user_data`.

The document is a list of sections, each built by one function from the app that keeps it; every section costs a
fixed number of queries, whatever the number of orders, reviews or mails (tests/test_export.py counts them).
"""

from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.utils import timezone

from accounts.models import User
from catalog.models import StockAlert, size_label
from favorites.models import Favorite
from mailing.models import Mail, NewsletterSignup
from orders.models import Order
from orders.selectors import order_list_for_user, saved_address_list
from releases.models import DrawEntry, ReleaseReminder
from reviews.models import Review

FORMAT = "sneaker-shop-user-data/1"


def _when(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


def _profile(user: User) -> dict:
    return {
        "email": user.email,
        "idUser": user.uid,
        "displayName": user.display_name,
        "avatar": user.avatar.url if user.avatar else None,
        "emailVerified": user.email_verified,
        "signsInWithGoogle": bool(user.google_sub),
        "status": user.status,
        "manager": user.manager,
        "createdAt": _when(user.created_at),
    }


def _addresses(user: User) -> list[dict]:
    return [
        {
            "name": saved.name,
            "line1": saved.line1,
            "city": saved.city,
            "state": saved.state,
            "postalCode": saved.postal_code,
            "country": saved.country,
            "default": saved.is_default,
            "createdAt": _when(saved.created_at),
        }
        for saved in saved_address_list(user=user)
    ]


def _order(order: Order) -> dict:
    return {
        "idPayment": order.payment_intent_id,
        "date": _when(order.created_at),
        "paidAt": _when(order.paid_at),
        "receivedAt": _when(order.received_at),
        "status": order.status,
        "payment": order.payment_state,
        "email": order.email,
        "currency": order.currency,
        # Cents, as the API's amount.
        "amount": order.amount,
        "subtotal": order.subtotal,
        "discount": order.discount,
        "shipping": order.shipping_cost,
        "tax": order.tax,
        "taxIncluded": order.tax_included,
        "refunded": order.refunded,
        "code": order.discount_code,
        "shippingMethod": order.shipping_method,
        "address": {
            "name": order.ship_name,
            "line1": order.ship_line1,
            "city": order.ship_city,
            "state": order.ship_state,
            "postalCode": order.ship_postal_code,
            "country": order.ship_country,
        },
        "lines": [
            {
                "shoeId": line.shoe_id,
                "name": line.name,
                "brand": line.brand,
                "size": line.size_label,
                "quantity": line.quantity,
                "unitPrice": line.unit_price,
                "discount": line.discount,
                "tax": line.tax,
                "refundedQuantity": line.refunded_quantity,
            }
            for line in order.lines_listed
        ],
        "shipments": [
            {
                "carrier": shipment.carrier,
                "trackingNumber": shipment.tracking_number,
                "shippedAt": _when(shipment.shipped_at),
                "exchange": shipment.exchange,
            }
            for shipment in order.shipments_listed
        ],
        "returns": [
            {
                "status": request.status,
                "kind": request.kind,
                "reason": request.reason,
                "exchangeSize": size_label(request.exchange_size) if request.exchange_size is not None else None,
                "pairs": len(request.pairs.all()),
                "createdAt": _when(request.created_at),
            }
            for request in order.returns_listed
        ],
    }


def _orders(user: User) -> list[dict]:
    # The paid orders, as the account page lists them (lines, parcels and returns prefetched: five queries).
    return [_order(order) for order in order_list_for_user(uid=user.uid)]


def _reviews(user: User) -> list[dict]:
    return [
        {
            "shoeId": review.shoe_id,
            "shoe": review.shoe.name,
            "rating": review.rating,
            "review": review.text,
            "date": _when(review.created_at),
            "updatedAt": _when(review.updated_at),
        }
        for review in Review.objects.filter(user=user).select_related("shoe")
    ]


def _favorites(user: User) -> list[dict]:
    # Archived shoes' too: the favorite is still kept (favorites.selectors.favorite_list shows the shop's only).
    return [
        {"shoeId": favorite.shoe_id, "shoe": favorite.shoe.name, "addedAt": _when(favorite.created_at)}
        for favorite in Favorite.objects.filter(user=user).select_related("shoe")
    ]


def _subscriptions(user: User) -> dict:
    signup = NewsletterSignup.objects.filter(email=user.email).first()
    return {
        "newsletter": signup
        and {
            "email": signup.email,
            "subscribed": signup.subscribed,
            "askedAt": _when(signup.created_at),
            "confirmedAt": _when(signup.confirmed_at),
            "unsubscribedAt": _when(signup.unsubscribed_at),
        },
        "releaseReminders": [
            {"release": reminder.release.name, "askedAt": _when(reminder.created_at), "sentAt": _when(reminder.sent_at)}
            for reminder in ReleaseReminder.objects.filter(email=user.email).select_related("release").order_by("id")
        ],
    }


def _notices(user: User) -> dict:
    return {
        "backInStock": [
            {
                "shoeId": alert.shoe_id,
                "shoe": alert.shoe.name,
                "size": size_label(alert.size),
                "askedAt": _when(alert.created_at),
                "notifiedAt": _when(alert.notified_at),
                "unsubscribedAt": _when(alert.unsubscribed_at),
            }
            for alert in StockAlert.objects.filter(email=user.email).select_related("shoe").order_by("id")
        ],
        # The shop's mails to the address (confirmations, shipping, returns...), newest first; their text is built
        # from the rows above when sent, so the kind and the time say what each was.
        "mails": [
            {"kind": kind, "state": state, "queuedAt": _when(created), "sentAt": _when(sent)}
            for kind, state, created, sent in Mail.objects.filter(to__iexact=user.email).values_list(
                "kind", "state", "created_at", "sent_at"
            )
        ],
    }


def _draw_entries(user: User) -> list[dict]:
    return [
        {
            "release": entry.release.name,
            "shoe": entry.release_size.shoe.name,
            "size": entry.release_size.size_label,
            "status": entry.status,
            "amount": entry.amount,
            "email": entry.email,
            "address": {
                "name": entry.ship_name,
                "line1": entry.ship_line1,
                "city": entry.ship_city,
                "state": entry.ship_state,
                "postalCode": entry.ship_postal_code,
            },
            "enteredAt": _when(entry.created_at),
            "decidedAt": _when(entry.decided_at),
        }
        for entry in DrawEntry.objects.filter(user=user).select_related("release", "release_size__shoe")
    ]


# The document's sections in order: (name, builder). A new kind of data a person keeps in the shop adds its own.
SECTIONS: list[tuple[str, Callable[[User], Any]]] = [
    ("profile", _profile),
    ("addresses", _addresses),
    ("orders", _orders),
    ("reviews", _reviews),
    ("favorites", _favorites),
    ("subscriptions", _subscriptions),
    ("notices", _notices),
    ("drawEntries", _draw_entries),
]


def user_data_export(*, user: User) -> dict:
    """Everything the shop holds of the user, section by section, with when it was made."""
    return {
        "format": FORMAT,
        "exportedAt": timezone.now().isoformat(),
        **{name: build(user) for name, build in SECTIONS},
    }
