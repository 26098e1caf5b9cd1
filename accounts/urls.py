"""Account routes, under /api/."""

from django.urls import path

from . import second_factor_views, views

urlpatterns = [
    path("auth/signup", views.SignUpView.as_view(), name="signup"),
    path("auth/signin", views.SignInView.as_view(), name="signin"),
    path("auth/google", views.GoogleSignInView.as_view(), name="google-sign-in"),
    path("auth/signout", views.SignOutView.as_view(), name="signout"),
    path("auth/password", views.PasswordChangeView.as_view(), name="password-change"),
    path("auth/password-reset", views.PasswordResetView.as_view(), name="password-reset"),
    path("auth/password-reset/confirm", views.PasswordResetConfirmView.as_view(), name="password-reset-confirm"),
    path("auth/profile", views.ProfileView.as_view(), name="profile"),
    path("auth/otp", second_factor_views.StatusView.as_view(), name="otp-status"),
    path("auth/otp/enrol", second_factor_views.EnrolmentStartView.as_view(), name="otp-enrol"),
    path("auth/otp/enrol/confirm", second_factor_views.EnrolmentConfirmView.as_view(), name="otp-enrol-confirm"),
    path("auth/otp/verify", second_factor_views.VerifyView.as_view(), name="otp-verify"),
    path("auth/otp/disable", second_factor_views.DisableView.as_view(), name="otp-disable"),
    path("auth/avatar", views.AvatarView.as_view(), name="avatar"),
    path("users", views.UserListView.as_view(), name="user-list"),
    path("users/<int:pk>", views.UserDetailView.as_view(), name="user-detail"),
    path("activity", views.ActivityListView.as_view(), name="activity-list"),
]
