"""Every game's tables of five names and a Texas night's event form, as posted."""

NAMES = ["Anna", "Bill", "Čada", "Dana", "Emil"]


def event_post(**fields):
    data = {
        "name": "Texas night",
        "date": "2026-11-20",
        "venue": "",
        "kind": "club_night",
        "ruleset": "texas-xix",
        "starting_chips": "100",
        "session_end": "fixed_deals",
        "deals_per_session": "20",
        "paper_size": "letter",
        "bye_chips": "0",
    }
    data.update(fields)
    return data
