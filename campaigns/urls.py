from django.urls import path

from .views import campaigns, invites

app_name = "campaigns"

urlpatterns = [
    path("", campaigns.campaign_list, name="list"),
    path("new/", campaigns.campaign_create, name="create"),
    path("<int:pk>/", campaigns.campaign_detail, name="detail"),
    path("<int:pk>/edit/", campaigns.campaign_edit, name="edit"),
    path("<int:pk>/leave/", campaigns.campaign_leave, name="leave"),
    path("<int:pk>/members/<int:member_pk>/remove/", campaigns.member_remove, name="member_remove"),
    path("<int:pk>/members/<int:member_pk>/role/", campaigns.member_role, name="member_role"),
    path("<int:pk>/invites/", invites.invite_list, name="invites"),
    path("<int:pk>/invites/<int:invite_pk>/revoke/", invites.invite_revoke, name="invite_revoke"),
    path("join/<str:token>/", invites.invite_accept, name="invite_accept"),
]
