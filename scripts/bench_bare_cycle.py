"""The floor under a deal cycle: the same three requests in a bare Django project.

A phone's deal cycle is: GET a form page, POST it (one INSERT in a transaction,
redirect), GET the table's sheet (its last 16 rows). Here the same three requests go
through a bare Django (the project's version, the default middleware, sessions, CSRF,
DEBUG off, SQLite in WAL mode, Django's test client) with a form of 27 fields rendered
by Django's form templates, one model row a deal, a sheet of 16 rows. It prints the
median thread CPU per request and per cycle, as scripts/bench_deal_cycle.py does; that
script's ``--against-bare`` runs the two side by side (``--serve``: this one answers
its batches). The project's copy of the floor in ../shared/bench/bare_cycle.py: the
same requests, forms, templates and model.

Run: .venv/bin/python scripts/bench_bare_cycle.py [--repeats 300]
"""

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
import types

import django
from django.conf import settings

tmp = tempfile.mkdtemp()
settings.configure(
    DEBUG=False,
    SECRET_KEY="x" * 50,
    ALLOWED_HOSTS=["testserver"],
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=[
        "django.contrib.contenttypes",
        "django.contrib.auth",
        "django.contrib.sessions",
        "bareapp",
    ],
    MIDDLEWARE=[
        "django.middleware.security.SecurityMiddleware",
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.middleware.common.CommonMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
        "django.middleware.clickjacking.XFrameOptionsMiddleware",
    ],
    DATABASES={
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.path.join(tmp, "bare.sqlite3"),
            "OPTIONS": {"init_command": "PRAGMA journal_mode=WAL;"},
        }
    },
    TEMPLATES=[
        {
            "BACKEND": "django.template.backends.django.DjangoTemplates",
            "DIRS": [],
            "APP_DIRS": True,
            "OPTIONS": {
                "context_processors": [
                    "django.template.context_processors.request",
                    "django.template.context_processors.csrf",
                ]
            },
        }
    ],
    DEFAULT_AUTO_FIELD="django.db.models.BigAutoField",
    USE_TZ=True,
)

# A throwaway app module with one model.
bareapp = types.ModuleType("bareapp")
bareapp.__path__ = [tmp]
sys.modules["bareapp"] = bareapp
open(os.path.join(tmp, "__init__.py"), "w").close()
sys.path.insert(0, os.path.dirname(tmp))
django.setup()

from django import forms  # noqa: E402
from django.db import connection, models, transaction  # noqa: E402
from django.http import HttpResponse, HttpResponseRedirect  # noqa: E402
from django.template import engines  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import path  # noqa: E402


class Deal(models.Model):
    table = models.IntegerField()
    number = models.IntegerField()
    document = models.JSONField()

    class Meta:
        app_label = "bareapp"
        unique_together = [("table", "number")]

    def __str__(self):
        return f"deal {self.number} at table {self.table}"


PLAYERS = [(p, p) for p in "ABCD"]


class DealForm(forms.Form):
    number = forms.IntegerField()
    kind = forms.ChoiceField(
        choices=[("played", "played"), ("misdeal", "misdeal")], widget=forms.RadioSelect
    )
    bidder = forms.ChoiceField(choices=PLAYERS, widget=forms.RadioSelect)
    bid = forms.ChoiceField(
        choices=[("four", "four"), ("five", "five"), ("five_over", "five over")],
        widget=forms.RadioSelect,
    )
    partner = forms.ChoiceField(choices=PLAYERS, required=False)
    points = forms.IntegerField(required=False)


for i in range(21):  # 27 fields, as many as the project's deal form has widgets
    DealForm.base_fields[f"extra{i}"] = forms.BooleanField(required=False)

PAGE = engines["django"].from_string(
    "<!doctype html><html><head><title>Deal {{ n }}</title></head><body><h1>Table {{ table }}</h1>"
    "<form method=post>{% csrf_token %}{{ form.as_div }}<button>Save</button></form></body></html>"
)
SHEET = engines["django"].from_string(
    "<!doctype html><html><body><h1>Table {{ table }}</h1><table>{% for d in deals %}"
    "<tr><td>{{ d.number }}</td><td>{{ d.document.bidder }}</td><td>{{ d.document.bid }}</td>"
    "<td>{{ d.document.points }}</td></tr>{% endfor %}</table></body></html>"
)


def form_view(request, table):
    last = (
        Deal.objects.filter(table=table)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    n = (last or 0) + 1
    context = {"form": DealForm(initial={"number": n}), "table": table, "n": n}
    return HttpResponse(PAGE.render(context, request))


def save_view(request, table):
    form = DealForm(request.POST)
    if not form.is_valid():
        return HttpResponse(PAGE.render({"form": form, "table": table}, request), status=400)
    with transaction.atomic():
        Deal.objects.create(
            table=table, number=form.cleaned_data["number"], document=form.cleaned_data
        )
    return HttpResponseRedirect(f"/t/{table}/sheet/")


def sheet_view(request, table):
    deals = list(Deal.objects.filter(table=table).order_by("-number")[:16])
    return HttpResponse(SHEET.render({"deals": deals, "table": table}, request))


def deal_view(request, table):
    return save_view(request, table) if request.method == "POST" else form_view(request, table)


urlpatterns = [path("t/<int:table>/deal/", deal_view), path("t/<int:table>/sheet/", sheet_view)]

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
NUMBER = re.compile(r'name="number" value="(\d+)"')
WARM = 30  # cycles before measuring


class Bench:
    """The bare project's database and a phone's client: ``cycle`` times one deal."""

    def __init__(self, tables: int):
        with connection.schema_editor() as editor:
            editor.create_model(Deal)
        self.client = Client()
        self.tables = tables
        self.done = 0

    def cycle(self) -> dict[str, float]:
        """One deal at the next table: each request's thread CPU in seconds."""
        table = self.done % self.tables
        self.done += 1
        t0 = time.thread_time()
        r = self.client.get(f"/t/{table}/deal/")
        t1 = time.thread_time()
        text = r.content.decode()
        data = {
            "csrfmiddlewaretoken": CSRF.search(text).group(1),
            "number": int(NUMBER.search(text).group(1)),
            "kind": "played",
            "bidder": "A",
            "bid": "five",
            "partner": "C",
            "points": 40,
        }
        t2 = time.thread_time()
        r2 = self.client.post(f"/t/{table}/deal/", data)
        t3 = time.thread_time()
        assert r2.status_code == 302, r2.content[:300]
        t4 = time.thread_time()
        r3 = self.client.get(f"/t/{table}/sheet/")
        t5 = time.thread_time()
        assert r3.status_code == 200
        return {"form": t1 - t0, "save": t3 - t2, "sheet": t5 - t4}


def serve(bench: Bench) -> None:
    """Answer bench_deal_cycle.py --against-bare: a line "N" runs N measured cycles and
    answers their times ("@@ {json}"); an empty line or the end of input stops."""
    for _ in range(WARM):
        bench.cycle()
    print("@@ ready", flush=True)
    for line in sys.stdin:
        if not line.strip():
            break
        times = [bench.cycle() for _ in range(int(line))]
        said = {k: [t[k] * 1000 for t in times] for k in ("form", "save", "sheet")}
        print("@@ " + json.dumps(said), flush=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=300)
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--serve", action="store_true", help="answer --against-bare's batches")
    args = ap.parse_args()
    bench = Bench(args.tables)
    if args.serve:
        serve(bench)
        return
    times = {"form": [], "save": [], "sheet": []}
    for i in range(args.repeats + WARM):
        spent = bench.cycle()
        if i >= WARM:
            for k, v in spent.items():
                times[k].append(v)
    med = {k: statistics.median(v) * 1000 for k, v in times.items()}
    cycle = sum(med.values())
    print(
        f"bare Django {django.get_version()}: form {med['form']:.2f} ms, "
        f"save {med['save']:.2f} ms, sheet {med['sheet']:.2f} ms, "
        f"a whole cycle {cycle:.2f} ms (median thread CPU)"
    )


if __name__ == "__main__":
    main()
