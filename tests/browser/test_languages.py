"""The same pages in Czech and in Polish: by the browser's language and by the switcher."""

from playwright.sync_api import expect

from campaigns.demo import load_demo


def log_in(page, username="gm", password="iniciativa"):  # type: ignore[no-untyped-def]
    page.goto("/accounts/login/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password").fill(password)
    page.locator("form button[type=submit]").last.click()


def test_czech_browser_gets_czech_pages(new_context, transactional_db):
    load_demo()
    page = new_context(locale="cs-CZ").new_page()
    log_in(page)
    expect(page.get_by_role("heading", name="Vaše kampaně")).to_be_visible()
    page.get_by_role("link", name="Stezka skřetů").click()
    expect(page.get_by_role("heading", name="Členové")).to_be_visible()
    expect(page.get_by_role("link", name="Pozvat hráče")).to_be_visible()


def test_polish_browser_gets_polish_pages(new_context, transactional_db):
    load_demo()
    page = new_context(locale="pl-PL").new_page()
    log_in(page)
    expect(page.get_by_role("heading", name="Twoje kampanie")).to_be_visible()
    page.get_by_role("link", name="Stezka skřetů").click()
    expect(page.get_by_role("heading", name="Członkowie")).to_be_visible()


def test_switcher_changes_the_language(new_context, transactional_db):
    load_demo()
    page = new_context(locale="en-US").new_page()
    log_in(page)
    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()
    # Choosing alone changes nothing (an arrow key on the list must not reload the page in
    # another language, issue M): the button does.
    page.get_by_label("Language").focus()
    page.keyboard.press("ArrowDown")
    page.wait_for_timeout(300)
    expect(page.get_by_role("heading", name="Your campaigns")).to_be_visible()
    page.get_by_label("Language").select_option("pl")
    page.get_by_role("button", name="Change").click()
    expect(page.get_by_role("heading", name="Twoje kampanie")).to_be_visible()
    page.get_by_label("Język").select_option("cs")
    page.get_by_role("button", name="Zmień").click()
    expect(page.get_by_role("heading", name="Vaše kampaně")).to_be_visible()
