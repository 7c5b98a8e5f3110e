from django.urls import path

from . import views, views_hall

urlpatterns = [
    path("", views.home, name="home"),
    path("events/new/", views.event_create, name="event-create"),
    path("events/<int:pk>/", views.event_detail, name="event-detail"),
    path("events/<int:pk>/edit/", views.event_edit, name="event-edit"),
    path("events/<int:pk>/players/", views.event_players, name="event-players"),
    path("events/<int:pk>/standings/", views.standings_view, name="standings"),
    path("events/<int:pk>/standings.csv", views.standings_csv, name="standings-csv"),
    path(
        "events/<int:pk>/players/<int:player_pk>/statement/",
        views.player_statement,
        name="player-statement",
    ),
    path("events/<int:pk>/download/<str:what>", views.event_download, name="event-download"),
    path("rounds/<int:pk>/", views.round_detail, name="round-detail"),
    path("tables/<int:pk>/chips/", views.chip_count, name="chip-count"),
    path("tables/<int:pk>/sheet.pdf", views.table_pdf, name="table-pdf"),
    path("rounds/<int:pk>/pack.pdf", views.round_pack_pdf, name="round-pack-pdf"),
    path("events/<int:pk>/standings.pdf", views.standings_pdf, name="standings-pdf"),
    path(
        "events/<int:pk>/players/<int:player_pk>/statement.pdf",
        views.statement_pdf,
        name="statement-pdf",
    ),
    path("events/<int:pk>/rounds/new/", views.round_create, name="round-create"),
    path("rounds/<int:pk>/tables/new/", views.table_create, name="table-create"),
    path("tables/<int:pk>/", views.table_sheet, name="table-sheet"),
    path(
        "tables/<int:pk>/first-forehand/", views.table_first_forehand, name="table-first-forehand"
    ),
    path("tables/<int:pk>/deals/new/", views.deal_create, name="deal-create"),
    path("tables/<int:pk>/deals/preview/", views.deal_preview, name="deal-preview"),
    path("deals/<int:pk>/", views.deal_detail, name="deal-detail"),
    path("deals/<int:pk>/correct/", views.deal_correct, name="deal-correct"),
    path("deals/<int:pk>/void/", views.deal_void, name="deal-void"),
    path("card-points/", views.card_points, name="card-points"),
    # The tournament hall (views_hall.py).
    path("t/<str:token>/", views_hall.link_sheet, name="link-sheet"),
    path("t/<str:token>/deal/", views_hall.link_deal, name="link-deal"),
    path("t/<str:token>/preview/", views_hall.link_preview, name="link-preview"),
    path("t/<str:token>/deals/<int:number>/correct/", views_hall.link_correct, name="link-correct"),
    path("t/<str:token>/undo/", views_hall.link_undo, name="link-undo"),
    path("tables/<int:pk>/undo/", views_hall.table_undo, name="table-undo"),
    path("rounds/<int:pk>/links/", views_hall.round_links, name="round-links"),
    path("rounds/<int:pk>/seats/", views_hall.seat_finder, name="seat-finder"),
    path("events/<int:pk>/inbox/", views_hall.inbox, name="inbox"),
    path("events/<int:pk>/wall/", views_hall.wall, name="wall"),
    path("events/<int:pk>/wall/live/", views_hall.wall_live, name="wall-live"),
    path("healthz", views.healthz, name="healthz"),
]
