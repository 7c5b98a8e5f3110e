import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db


def test_landing_page_uses_the_real_template_and_stylesheet(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "tournaments/home.html" in [t.name for t in response.templates]
    assert b"<h1>Nebraska Taroky</h1>" in response.content
    assert b'href="/static/tournaments/site.css"' in response.content


def test_stylesheet_is_served_by_the_app(client):
    assert finders.find("tournaments/site.css")
    response = client.get("/static/tournaments/site.css")
    assert response.status_code == 200
    body = b"".join(response.streaming_content)
    assert b"--accent: #8a1c1c" in body


def test_load_demo_is_idempotent(django_user_model):
    from django.core.management import call_command

    call_command("load_demo", verbosity=0)
    call_command("load_demo", verbosity=0)
    organizer = django_user_model.objects.get(username="organizer")
    assert django_user_model.objects.count() == 1
    assert organizer.check_password("taroky-demo")
