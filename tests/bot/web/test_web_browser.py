"""The web pages in a real browser: Debian's chromium driven by Playwright (.ci/run installs
both; `playwright install` cannot download browsers here, so the system's chromium is used).
A game page shows its board and follows a turn posted while it is open; the replay's slider,
buttons and arrow keys step through a finished game and the picture changes; a 390 px phone
needs no horizontal scrolling on any page; a player's page shows that player's hand and the
public page never does; a tampered link gets 404. Screenshots go to /tmp/web2/.

The pages' Content-Security-Policy forbids evaluating strings as script, Playwright's
wait_for_function included: waits poll from here with `until`."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import async_playwright

from data.i18n import use_language
from tests.bot.bot_helpers import click_random
from tests.bot.web.test_web_replay import two_servers_games

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path("/tmp/web2")


async def until(page, expression: str, timeout: float = 10.0) -> None:
    """Wait until the function `expression` is true in the page."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while True:
        try:
            if await page.evaluate(expression):
                return
        except PlaywrightError:  # the page reloaded under the question: ask the new one
            pass
        assert loop.time() < end, f"timed out waiting for {expression}"
        await asyncio.sleep(0.05)


@pytest.fixture
async def site(tmp_path):
    async with two_servers_games(tmp_path) as (_, games, links, ids), async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield games, links, browser, ids[0], ids[1]
        await browser.close()


async def test_the_game_page_shows_its_board_and_follows_a_turn(site):
    games, links, browser, _, running = site
    page = await browser.new_page(viewport={"width": 1280, "height": 900})
    # the page polls every 5 s: here every 0.3 s, so the test need not wait
    await page.add_init_script("window.setTimeout = ((f) => (g, ms, ...a) => "
                               "f(g, Math.min(ms, 300), ...a))(window.setTimeout);")
    await page.goto(links.game_url(running) + "?lang=en")
    board = page.locator("section.board img")
    await board.wait_for()
    assert await board.evaluate("img => img.complete && img.naturalWidth > 0")
    before = await page.get_attribute("body", "data-decisions")
    SHOTS.mkdir(exist_ok=True)
    await page.screenshot(path=str(SHOTS / "game-desktop.png"), full_page=True)
    rng = random.Random(5)
    table = await games.table(running)
    while (await games.table(running)).game.decisions == table.game.decisions:
        await click_random(games, running, rng)  # a turn through the turn service
    after = str((await games.table(running)).game.decisions)
    await until(page, f"() => document.body.getAttribute('data-decisions') === '{after}'")
    assert before != after
    assert f"/board/{after}.png" in await board.get_attribute("src")


async def test_the_replay_steps_with_slider_buttons_and_keys(site):
    games, links, browser, over, _ = site
    n = (await games.table(over)).game.decisions
    page = await browser.new_page(viewport={"width": 1280, "height": 900})
    await page.goto(links.game_url(over) + "/replay?lang=en")
    picture = page.locator("#picture")

    async def shown() -> tuple[str, bytes]:
        await until(page, "() => document.getElementById('picture').complete")
        return await picture.get_attribute("src"), await picture.screenshot()

    src, last = await shown()
    assert src.startswith(f"board/{n}.png")
    await page.keyboard.press("Home")
    src, first = await shown()
    assert src.startswith("board/0.png") and first != last
    assert await page.locator("#counter").inner_text() == f"Step 0 of {n}"
    await page.keyboard.press("ArrowRight")
    src, _ = await shown()
    assert src.startswith("board/1.png")
    assert await page.input_value("#step") == "1"
    await page.keyboard.press("ArrowLeft")
    assert (await shown())[0].startswith("board/0.png")
    await page.fill("#step", str(n // 2))  # the slider moved
    assert (await shown())[0].startswith(f"board/{n // 2}.png")
    await page.click("#next")
    assert (await shown())[0].startswith(f"board/{n // 2 + 1}.png")
    visible = page.locator("#lines li:not([hidden])")
    assert await visible.count() == 1
    assert await visible.get_attribute("data-step") == str(n // 2 + 1)
    await page.keyboard.press("End")
    assert (await shown())[0].startswith(f"board/{n}.png")
    await page.screenshot(path=str(SHOTS / "replay-desktop.png"), full_page=True)


async def test_a_phone_never_scrolls_sideways_and_hands_stay_private(site):
    games, links, browser, over, running = site
    table = await games.table(running)
    page = await browser.new_page(viewport={"width": 390, "height": 844})
    seat = links.seat_url(running, 0, table.seats[0].user_id)
    pages = {"game": links.game_url(running), "player": seat,
             "replay": links.game_url(over) + "/replay", "archive": links.server_url(1)}
    for name, url in pages.items():
        await page.goto(url + "?lang=en")
        await page.wait_for_load_state("networkidle")
        wide = await page.evaluate(
            "[document.scrollingElement.scrollWidth, window.innerWidth]")
        await page.screenshot(path=str(SHOTS / f"{name}-phone.png"), full_page=True)
        assert wide[0] <= wide[1], (name, wide)
    k = table.kind
    with use_language("en"):
        cards = k.rules.hand_text(k.rules.view(table.state, 0), 0).split("\n")[0]
    await page.goto(seat + "?lang=en")
    assert cards in await page.inner_text("section.hand")
    await page.goto(links.game_url(running) + "?lang=en")
    assert await page.locator("section.hand").count() == 0
    assert cards not in await page.inner_text("body")
    token = links.game_url(running).rsplit("/", 1)[1]
    mid = len(token) - 5
    bad = token[:mid] + ("A" if token[mid] != "A" else "B") + token[mid + 1:]
    response = await page.goto(f"{links.base_url}/g/{bad}")
    assert response is not None and response.status == 404
    assert await page.inner_text("body") == "Not found"
