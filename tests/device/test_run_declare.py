"""Declarations at the table (声明), the first leader on the setup screen, the PIN pad's way out.

Everything is driven as at the table: touches are mouse clicks posted to pygame
(SDL's dummy driver), readings come from a scripted camera, buttons from the press queue.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pytest
from gpiozero.pins.mock import MockFactory

from device.config import ConfigError, dump, validate
from device.events import Action as Button
from device.events import ButtonEvent
from device.gpio import TablePins
from device.journal import Journal
from device.referee_loop import Referee, deal_from_events, observed_setup
from device.run import Appliance, Outputs, lobby_view, open_surface
from display import intents
from display.view import DeclareView, PlayView, SetupView, SwitchChange
from gouji.actions import DECLARATIONS, Declare
from gouji.deal import DealState
from gouji.leader import how_found
from gouji.presets import rules_for
from gouji.setup import DealSetup
from tests.device.run_fakes import table_config
from tests.device.test_run_ui import Camera, appliance, ticks, touch
from vision.recognize import SetReading


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    with Journal.open(tmp_path / "state") as j:
        yield j


def _view(app: Appliance) -> object:
    return app.ui.current(app.referee, app.deal_no)[1]


def _lines(app: Appliance) -> list[str]:
    assert app.referee is not None
    return [e.line for e in app.journal.events(app.referee.deal_id)]


def _engine_accepts(state: DealState) -> set[tuple[int, str]]:
    """The oracle: every (seat, declaration) ``DealState.check`` lets through now."""
    accepted = set()
    for seat in range(6):
        for what in DECLARATIONS:
            try:
                if state.check(Declare(seat, what)) is None:
                    accepted.add((seat, what))
            except Exception:  # an engine that cannot judge it accepts nothing
                continue
    return accepted


def _read(seat: int, cards: str) -> tuple[int, SetReading, None]:
    from gouji.cards import parse_cards

    return seat, SetReading(tuple(sorted(parse_cards(cards))), 1.0, False), None


# ------------------------------------------------------------ declarations


def test_a_revolution_is_declared_by_touch_journalled_shown_and_undone(
        tmp_path: Path, journal: Journal) -> None:
    app = appliance(tmp_path, journal, Camera([]))  # preset "match": 革命 and 无够级
    touch(app, intents.OpenDeclare())
    view = _view(app)
    assert isinstance(view, DeclareView) and view.seat is None
    assert app.referee is not None
    assert set(view.offers) == _engine_accepts(app.referee.state)
    assert {(s, w) for s in range(6) for w in ("no_gouji", "geming")} <= set(view.offers)
    touch(app, intents.SelectSeat(3))
    touch(app, intents.ChooseDeclaration("geming"))
    view = _view(app)
    assert isinstance(view, DeclareView) and (view.seat, view.chosen) == (3, "geming")
    assert len(_lines(app)) == 6  # only the tag lines so far: choosing records nothing
    touch(app, intents.ConfirmDeclaration(3, "geming"))
    assert app.referee is not None
    assert _lines(app)[-1] == "1. S3 declare geming"  # in the journal before the next frame
    assert app.referee.state.geming == 3
    view = _view(app)
    assert isinstance(view, PlayView) and view.seats[3].declared == ("geming",)
    # the revolutionary's opposite may now choose 要头; a second revolution would void the deal
    assert Declare(0, "yaotou") in app.referee.declarations()
    assert Declare(1, "yaotou") not in app.referee.declarations()
    touch(app, intents.Undo())
    assert _lines(app)[-1] == "撤销 undo: 1. S3 declare geming"
    assert app.referee.state.geming is None and app.referee.pending is None
    deal = deal_from_events(journal.events(app.referee.deal_id))
    assert deal is not None and not deal.events  # replay leaves the undone declaration out


def test_the_menu_steps_back_and_cancels_without_recording(tmp_path: Path,
                                                           journal: Journal) -> None:
    app = appliance(tmp_path, journal, Camera([]))
    touch(app, intents.SelectSeat(2))  # a seat's panel opens the menu for that seat
    view = _view(app)
    assert isinstance(view, DeclareView) and view.seat == 2 and view.chosen is None
    assert {"no_gouji", "geming"} <= set(view.offered(2))
    touch(app, intents.ChooseDeclaration("no_gouji"))
    touch(app, intents.Prev())
    view = _view(app)
    assert isinstance(view, DeclareView) and (view.seat, view.chosen) == (2, None)
    touch(app, intents.Prev())
    view = _view(app)
    assert isinstance(view, DeclareView) and view.seat is None
    touch(app, intents.Close())
    assert isinstance(_view(app), PlayView)
    assert len(_lines(app)) == 6


def test_no_gouji_is_recorded_and_opens_the_seat(tmp_path: Path, journal: Journal) -> None:
    app = appliance(tmp_path, journal, Camera([]))
    touch(app, intents.OpenDeclare())
    touch(app, intents.SelectSeat(4))
    touch(app, intents.ChooseDeclaration("no_gouji"))
    touch(app, intents.ConfirmDeclaration(4, "no_gouji"))
    assert _lines(app)[-1] == "1. S4 declare no_gouji"
    view = _view(app)
    assert isinstance(view, PlayView)
    assert view.seats[4].opened and view.seats[4].declared == ("no_gouji",)
    assert not view.seats[3].opened


def test_a_declaration_overtaken_by_a_play_is_judged_again_and_refused(
        tmp_path: Path, journal: Journal) -> None:
    camera = Camera([])
    app = appliance(tmp_path, journal, camera)
    touch(app, intents.OpenDeclare())
    touch(app, intents.SelectSeat(1))
    touch(app, intents.ChooseDeclaration("geming"))
    assert app.referee is not None
    app.referee.on_reading(*_read(0, "55"))  # S0 leads while the menu is open
    view = _view(app)
    assert isinstance(view, DeclareView) and "geming" not in view.offered(1)  # 革命 is gone
    assert "no_gouji" in view.offered(1)  # S1 has not played yet
    touch(app, intents.ConfirmDeclaration(1, "geming"))
    last = _lines(app)[-1]
    assert last.startswith("2. S1 declare geming {refused: ") and "before the first play" in last
    assert app.referee.state.geming is None
    view = _view(app)
    assert isinstance(view, PlayView) and view.refusal is not None and view.refusal.seat == 1


def test_men_is_offered_only_to_a_seat_whose_last_play_was_topped(
        tmp_path: Path, journal: Journal) -> None:
    referee = Referee.new_deal(journal, "d", observed_setup("match", 0, "甲乙丙丁戊己"))
    assert {"no_gouji", "geming"} <= {d.what for d in referee.declarations()}
    referee.on_reading(*_read(0, "55"))
    referee.on_reading(*_read(1, "66"))
    offers = referee.declarations()
    assert {(d.seat, d.what) for d in offers} == _engine_accepts(referee.state)
    assert Declare(0, "men") in offers and Declare(1, "men") not in offers
    assert "geming" not in {d.what for d in offers}  # only before the first play
    assert referee.declare(0, "men").recorded == 1
    assert referee.state.places[0] == 5  # 闷: the worst place still free
    assert journal.events("d")[-1].line == "3. S0 declare men"
    assert Declare(0, "men") not in referee.declarations()  # recomputed after the change


def test_nothing_is_offered_while_a_reading_or_the_pin_pad_waits(journal: Journal) -> None:
    referee = Referee.new_deal(journal, "d", observed_setup("dorm", 0, "甲乙丙丁戊己"), "1234")
    assert {"xuandian", "hedian"} <= {d.what for d in referee.declarations()}
    referee.on_reading(0, SetReading(tuple(), 0.2, True), None)  # cards seen, none read: waits
    assert referee.pending is not None and referee.declarations() == ()
    referee.retake()
    referee.on_reading(*_read(0, "55"))
    referee.request_undo()
    assert referee.pin_pad and referee.declarations() == ()
    assert referee.declare(0, "xuandian").recorded == 0


# ------------------------------------------------------------ first leader


def _asking(tmp_path: Path, journal: Journal, outputs: Outputs | None = None) -> Appliance:
    config = table_config(tmp_path, "[gpio]\nenabled = false\n", first_leader='"ask"')
    surface = open_surface(config.display.size, headless=True, fullscreen=False)
    return Appliance(config, journal, Camera([(0, "55")]), surface, outputs or Outputs())


def test_the_first_deal_waits_for_the_referee_to_touch_its_leader(
        tmp_path: Path, journal: Journal, factory: MockFactory) -> None:
    gpio = table_config(tmp_path).gpio
    app = _asking(tmp_path, journal, Outputs(pins=TablePins(gpio, pin_factory=factory)))
    leds = [factory.pin(pin) for pin in gpio.led_pins]
    assert app.referee is None and journal.open_deal() is None
    assert "first leader" in app.status()
    view = _view(app)
    assert isinstance(view, SetupView) and view.choose_leader and view.leader is None
    assert view.preset.startswith("match") and view.seats[1].name == "乙一"
    app.outputs.presses.put(ButtonEvent(Button.PASS, None, 0.0))
    ticks(app, 2)  # the scripted play and the press are ignored: no deal yet
    assert app.referee is None and journal.open_deal() is None
    assert not any(led.state for led in leds)  # nobody's turn yet
    touch(app, intents.SelectSeat(1))
    touch(app, intents.SelectSeat(4))  # changed its mind
    view = _view(app)
    assert isinstance(view, SetupView) and view.leader == 4
    touch(app, intents.Start())
    assert app.referee is not None and app.referee.setup.leader == 4
    assert app.referee.state.to_act == 4
    assert '[Leader "4"]' in _lines(app)
    assert isinstance(_view(app), PlayView)
    app.tick()
    assert [led.state for led in leds] == [i == 4 for i in range(6)]
    app.outputs.close()


def test_the_setup_page_lists_the_switches_the_club_changed(tmp_path: Path) -> None:
    config = table_config(tmp_path, '[table.rules]\n"burn.after_pass" = true\n"no.such" = 1\n')
    view = lobby_view(config)
    assert view.changes == (SwitchChange("burn.after_pass", "true", "false"),
                            SwitchChange("no.such", "1", "?"))
    assert view.choose_leader and not view.tools and view.leader is None
    # A switch the engine does not know leaves the preset's own rule for who leads first.
    assert view.leader_rule is not None and view.leader_rule.zh == how_found(rules_for(
        config.table.preset))[0]


def test_a_configured_first_leader_starts_at_once(tmp_path: Path, journal: Journal) -> None:
    config = table_config(tmp_path, "[gpio]\nenabled = false\n", first_leader="5")
    surface = open_surface(config.display.size, headless=True, fullscreen=False)
    app = Appliance(config, journal, Camera([]), surface, Outputs())
    assert app.referee is not None and app.referee.setup.leader == 5


def test_later_deals_and_an_open_deal_do_not_ask(tmp_path: Path, journal: Journal) -> None:
    tiny = DealSetup("zaozhuang", 2, counts=(1,) * 6, names=tuple("甲乙丙丁戊己"))
    referee = Referee.new_deal(journal, "open", tiny)
    app = _asking(tmp_path, journal)
    assert app.referee is not None and app.referee.deal_id == "open"  # resumed as it was
    for seat in (2, 3, 4, 5, 0):
        referee.on_reading(*_read(seat, "5"))
    journal.finish_deal("open")
    app = _asking(tmp_path, journal)
    assert app.referee is not None and app.referee.deal_id != "open"
    assert app.referee.setup.leader == 3  # after 头科 S2's deal: the engine's next leader


def test_first_leader_config_is_checked_and_dumped(tmp_path: Path) -> None:
    from device.config import packaged_defaults

    data = packaged_defaults()
    assert validate(data, "d").table.first_leader is None
    data["table"]["first_leader"] = 6
    with pytest.raises(ConfigError) as raised:
        validate(data, "c.toml")
    assert raised.value.problems == [
        'c.toml: [table] first_leader: expected "ask" (touch the seat on the setup screen) '
        "or a seat 0-5, got 6"
    ]
    data["table"]["first_leader"] = 2
    config = validate(data, "c.toml")
    assert config.table.first_leader == 2
    assert "first_leader = 2\n" in dump(config)
    assert 'first_leader = "ask"\n' in dump(validate(packaged_defaults(), "d"))


# ------------------------------------------------------------ PIN pad


def test_undo_pressed_again_closes_the_pin_pad(tmp_path: Path, journal: Journal) -> None:
    app = appliance(tmp_path, journal, Camera([(0, "55")]), '[referee]\npin = "2468"\n')
    ticks(app, 2)
    assert app.referee is not None and len(app.referee.state.log) == 1
    app.outputs.presses.put(ButtonEvent(Button.UNDO, None, 0.0))
    app.tick()
    assert app.referee.pin_pad
    app.outputs.presses.put(ButtonEvent(Button.PASS, 1, 0.0))  # ignored while the pad is up
    app.outputs.presses.put(ButtonEvent(Button.UNDO, 3, 0.0))  # any 撤销 button gives up
    app.tick()
    assert not app.referee.pin_pad and len(app.referee.state.log) == 1
    assert isinstance(_view(app), PlayView)
