from django.urls import path

from . import views

app_name = "combat"

urlpatterns = [
    path("<int:pk>/roll/", views.quick_roll, name="roll"),
    path("<int:pk>/rolls/", views.roll_log, name="rolls"),
    path("<int:pk>/odds/", views.odds, name="odds"),
]
