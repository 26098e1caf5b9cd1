"""Who may call what: the server's answer, whatever the client shows."""

from rest_framework.permissions import SAFE_METHODS, BasePermission


def is_shop_admin(user) -> bool:
    return bool(user and user.is_authenticated and user.is_shop_admin)


class IsShopAdmin(BasePermission):
    """Allows shop administrators only."""

    def has_permission(self, request, view) -> bool:
        return is_shop_admin(request.user)


class IsShopAdminOrReadOnly(BasePermission):
    """Allows anyone to read and shop administrators to write."""

    def has_permission(self, request, view) -> bool:
        return request.method in SAFE_METHODS or is_shop_admin(request.user)


class IsOwnerOrAdmin(BasePermission):
    """Allows the user whose uid the path names (or who owns the object), and administrators."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        uid = view.kwargs.get("uid")
        return user.is_authenticated and (uid is None or uid == user.uid or user.is_shop_admin)

    def has_object_permission(self, request, view, obj) -> bool:
        return obj.user_id == request.user.pk or request.user.is_shop_admin


class IsOwnerOrAdminReading(BasePermission):
    """Allows the user whose uid the path names; administrators may only read."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        uid = view.kwargs.get("uid")
        return user.is_authenticated and (uid == user.uid or (request.method in SAFE_METHODS and is_shop_admin(user)))
