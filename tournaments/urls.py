from django.urls import path

from .views import deals, events, hall, reports, rounds

urlpatterns = [
    path("", events.home, name="home"),
    path("events/new/", events.event_create, name="event-create"),
    path("events/<int:pk>/", events.event_detail, name="event-detail"),
    path("events/<int:pk>/edit/", events.event_edit, name="event-edit"),
    path("events/<int:pk>/players/", events.event_players, name="event-players"),
    path("events/<int:pk>/standings/", reports.standings_view, name="standings"),
    path("events/<int:pk>/standings.csv", reports.standings_csv, name="standings-csv"),
    path(
        "events/<int:pk>/players/<int:player_pk>/statement/",
        reports.player_statement,
        name="player-statement",
    ),
    path("events/<int:pk>/download/<str:what>", reports.event_download, name="event-download"),
    path("rounds/<int:pk>/", rounds.round_detail, name="round-detail"),
    path("tables/<int:pk>/chips/", deals.chip_count, name="chip-count"),
    path("tables/<int:pk>/sheet.pdf", reports.table_pdf, name="table-pdf"),
    path("rounds/<int:pk>/pack.pdf", reports.round_pack_pdf, name="round-pack-pdf"),
    path("events/<int:pk>/standings.pdf", reports.standings_pdf, name="standings-pdf"),
    path(
        "events/<int:pk>/players/<int:player_pk>/statement.pdf",
        reports.statement_pdf,
        name="statement-pdf",
    ),
    path("events/<int:pk>/rounds/new/", rounds.round_create, name="round-create"),
    path("rounds/<int:pk>/tables/new/", rounds.table_create, name="table-create"),
    path("tables/<int:pk>/", deals.table_sheet, name="table-sheet"),
    path(
        "tables/<int:pk>/first-forehand/", deals.table_first_forehand, name="table-first-forehand"
    ),
    path("tables/<int:pk>/deals/new/", deals.deal_create, name="deal-create"),
    path("tables/<int:pk>/deals/preview/", deals.deal_preview, name="deal-preview"),
    path("deals/<int:pk>/", deals.deal_detail, name="deal-detail"),
    path("deals/<int:pk>/correct/", deals.deal_correct, name="deal-correct"),
    path("deals/<int:pk>/void/", deals.deal_void, name="deal-void"),
    path("card-points/", deals.card_points, name="card-points"),
    # The tournament hall (hall.py).
    path("t/<str:token>/", hall.link_sheet, name="link-sheet"),
    path("t/<str:token>/deal/", hall.link_deal, name="link-deal"),
    path("t/<str:token>/preview/", hall.link_preview, name="link-preview"),
    path("t/<str:token>/deals/<int:number>/correct/", hall.link_correct, name="link-correct"),
    path("t/<str:token>/undo/", hall.link_undo, name="link-undo"),
    path("tables/<int:pk>/undo/", hall.table_undo, name="table-undo"),
    path("rounds/<int:pk>/links/", hall.round_links, name="round-links"),
    path("rounds/<int:pk>/seats/", hall.seat_finder, name="seat-finder"),
    path("events/<int:pk>/inbox/", hall.inbox, name="inbox"),
    path("events/<int:pk>/wall/", hall.wall, name="wall"),
    path("events/<int:pk>/wall/live/", hall.wall_live, name="wall-live"),
    path("healthz", events.healthz, name="healthz"),
    path("sw.js", events.service_worker, name="service-worker"),
]
