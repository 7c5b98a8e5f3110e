"""What the browser tests do again and again: sign in, choose a radio by its label,
answer a confirmation, enter a Four at a table's phone."""

import re


def sign_in(page, live_server, username="org", password="secret-org-pw"):
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")


def choose(page, field, label):
    page.locator(
        f"#field-{field} label", has_text=re.compile(rf"^\s*{re.escape(label)}")
    ).first.click()


def answer_next_dialog(page, asked: list, accept: bool) -> None:
    """The next confirmation the page asks: its question noted in ``asked``, then
    accepted or dismissed."""

    def answer(dialog):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", answer)


def enter_deal(phone, bidder, partner, points, expected_preview):
    phone.click("#enter-deal")
    phone.wait_for_load_state("load")
    choose(phone, "bidder", bidder)
    choose(phone, "bid", "Four")
    choose(phone, "blind", "Second half")
    choose(phone, "partner", partner)
    phone.fill("#id_bidder_points", str(points))
    phone.wait_for_function(
        f"document.querySelector('#preview-body').textContent.includes('{expected_preview}')"
    )
    phone.click("#save-deal")
