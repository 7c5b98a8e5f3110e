import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_landing_page_renders_with_its_stylesheet(live_server, page):
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Nebraska Taroky"
    # The stylesheet is served by the app itself: the header gets its colour from it.
    background = page.locator("header.site-header").evaluate(
        "el => getComputedStyle(el).backgroundColor"
    )
    assert background == "rgb(138, 28, 28)"
