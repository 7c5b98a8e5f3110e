from django.contrib import admin
from django.urls import include, path

from tournaments.auth import ThrottledLoginView

urlpatterns = [
    path("admin/login/", ThrottledLoginView.as_view()),
    path("admin/", admin.site.urls),
    path("accounts/login/", ThrottledLoginView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("tournaments.urls")),
]
