"""Routes: the API under /api/, the Django admin, media, and the React app for every other path."""

from django.conf import settings
from django.contrib import admin
from django.core.files.storage import FileSystemStorage, default_storage
from django.urls import include, path, re_path
from django.views.static import serve
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from shopsite.csrf import CsrfView
from shopsite.errors import api_not_found
from shopsite.health import HealthView

api_patterns = [
    path("", include("catalog.urls")),
    path("", include("accounts.urls")),
    path("", include("favorites.urls")),
    path("", include("orders.urls")),
    path("", include("reviews.urls")),
    path("", include("releases.urls")),
    path("", include("privacy.urls")),
    path("health", HealthView.as_view(), name="health"),
    path("csrf", CsrfView.as_view(), name="csrf"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its start-up script as a file of its own: the Content-Security-Policy runs no inline script.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="schema", template_name="api_docs.html"), name="docs"),
    path("mail/", include("mailing.urls")),
    re_path(r"^.*$", api_not_found),
]

urlpatterns = [
    path("api/", include(api_patterns)),
    path("django-admin/", admin.site.urls),
]

if isinstance(default_storage, FileSystemStorage):
    # Uploads on local disk are served by the app itself; with object storage (AWS_*) the
    # bucket serves them and this route is absent.
    urlpatterns.append(re_path(r"^media/(?P<path>.+)$", serve, {"document_root": settings.MEDIA_ROOT}))

# Last: every other path is a screen of the React app, or its 404.
urlpatterns.append(path("", include("frontend.urls")))

handler400 = "shopsite.errors.bad_request"
handler500 = "shopsite.errors.server_error"
