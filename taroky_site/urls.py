from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

# Sign-in is locked after repeated failures by django-axes (settings). No password-reset
# pages: the app sends no mail; `manage.py changepassword NAME` resets a password.
urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password_change/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password_change/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("", include("tournaments.urls")),
]
