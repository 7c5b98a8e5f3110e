import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_landing_page_renders_with_its_stylesheet(live_server, page):
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Czech-American Taroky"
    # The stylesheet is served by the app itself and styles the page: without it the
    # header looks different (whatever colours the stylesheet chooses).
    style = "el => [getComputedStyle(el).backgroundColor, getComputedStyle(el).display]"
    header = page.locator("header.site-header")
    styled = header.evaluate(style)
    assert page.evaluate("[...document.styleSheets].map(s => s.cssRules.length)")[0] > 0
    page.evaluate("document.querySelector('link[rel=stylesheet]').remove()")
    assert header.evaluate(style) != styled
