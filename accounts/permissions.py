"""Who may call what: the server's answer, whatever the client shows.

Admin rights also need the second factor where it applies (accounts/second_factor.py): a refused admin gets 403 with
the code of the step missing (otp_enrolment_required, otp_verification_required, otp_step_up_required).
"""

from rest_framework.permissions import SAFE_METHODS, BasePermission

from . import second_factor


def is_shop_admin(user) -> bool:
    return bool(user and user.is_authenticated and user.is_shop_admin)


def _admin_rights(request) -> bool:
    """A shop admin whose second factor allows the call (else its 403)."""
    if not is_shop_admin(request.user):
        return False
    second_factor.admin_rights_check(request, request.user)
    return True


class IsShopAdmin(BasePermission):
    """Allows shop administrators only."""

    def has_permission(self, request, view) -> bool:
        return _admin_rights(request)


class IsShopAdminSteppedUp(BasePermission):
    """Shop administrators who entered a code lately: refunds, cancels and rights changes (the step-up)."""

    def has_permission(self, request, view) -> bool:
        if not is_shop_admin(request.user):
            return False
        second_factor.step_up_check(request, request.user)
        return True


class IsShopAdminOrReadOnly(BasePermission):
    """Allows anyone to read and shop administrators to write."""

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or _admin_rights(request)


class IsOwnerOrAdmin(BasePermission):
    """Allows the user whose uid the path names (or who owns the object), and administrators."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        uid = view.kwargs.get("uid")
        return user.is_authenticated and (uid is None or uid == user.uid or _admin_rights(request))

    def has_object_permission(self, request, view, obj) -> bool:
        return obj.user_id == request.user.pk or _admin_rights(request)


class IsOwnerOrAdminReading(BasePermission):
    """Allows the user whose uid the path names; administrators may only read."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        uid = view.kwargs.get("uid")
        return user.is_authenticated and (
            uid == user.uid or (request.method in SAFE_METHODS and _admin_rights(request))
        )
