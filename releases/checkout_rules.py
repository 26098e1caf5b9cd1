"""The release's rules joined to the checkout through orders' hooks, once, when the app is ready."""

from orders import hooks

from . import services

hooks.checkout_guard(services.release_checkout_guard)
hooks.checkout_reserver(services.release_checkout_reserve)
