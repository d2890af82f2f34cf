"""The referee logic of the main loop (device.referee_loop), without threads or a screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from device.events import Action as Button
from device.events import ButtonEvent
from device.journal import Journal
from device.referee_loop import INFERRED, UNDO_PREFIX, Referee, event_line, observed_setup
from gouji.actions import Pass, PlayCards
from gouji.cards import parse_cards
from gouji.deal import DealState
from gouji.plays import Play
from gouji.record import RecordedDeal, read_deal, write_deal
from vision.recognize import SetReading

NAMES = ("甲", "乙", "丙", "丁", "戊", "己")


def sure(cards: str) -> SetReading:
    return SetReading(tuple(sorted(parse_cards(cards))), 0.95, False)


def unsure(*candidates: str) -> SetReading:
    cands = tuple((tuple(sorted(parse_cards(c))), 0.4 - i * 0.1) for i, c in enumerate(candidates))
    return SetReading(cands[0][0], 0.4, True, cands)


def press(action: Button, seat: int | None = None) -> ButtonEvent:
    return ButtonEvent(action, seat, 0.0)


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    with Journal.open(tmp_path) as j:
        yield j


def new(journal: Journal, pin: str | None = None, preset: str = "match") -> Referee:
    return Referee.new_deal(journal, "d1", observed_setup(preset, 0, NAMES), pin)


def lines(journal: Journal) -> list[str]:
    return [e.line for e in journal.events("d1") if not e.line.startswith("[")]


def test_observed_setup_splits_the_pack_from_the_leader() -> None:
    setup = observed_setup("match", 2, NAMES)
    assert setup.counts == (36,) * 6 and setup.leader == 2 and setup.names == NAMES
    assert sum(observed_setup("zaozhuang", 4, NAMES).seat_counts) == \
        observed_setup("zaozhuang", 4, NAMES).rules.deck.size


def test_lead_then_a_later_seat_infers_the_passes_before_it(journal: Journal) -> None:
    ref = new(journal)
    assert ref.on_reading(0, sure("55")).recorded == 1
    out = ref.on_reading(3, sure("77"))
    assert out.recorded == 3 and out.refusal is None
    assert lines(journal) == ["1. S0 play 55", f"2. S1 pass {{{INFERRED}: S3 played}}",
                              f"3. S2 pass {{{INFERRED}: S3 played}}", "4. S3 play 77"]
    assert ref.state.log[-3:] == [Pass(1), Pass(2), PlayCards(3, Play.of(parse_cards("77")))]
    assert ref.state.to_act == 4


def test_owner_leading_again_after_a_silent_round_passes_everyone(journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(0, sure("55"))
    assert ref.on_reading(0, sure("66")).recorded == 6
    assert ref.state.trick is not None and ref.state.trick.owner == 0


def test_out_of_turn_play_is_recorded_refused_and_not_applied(journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(0, sure("55"))
    ref.on_reading(2, sure("77"))  # S1 passed: no longer in the queue
    before = list(ref.state.log)
    out = ref.on_reading(1, sure("88"))
    assert out.refusal is not None and "没轮到" in out.refusal.rule
    assert ref.state.log == before and ref.pending is None
    assert lines(journal)[-1].startswith("4. S1 play 88 {refused: 没轮到")
    assert read_deal_from(journal).events[-1].refused


def read_deal_from(journal: Journal) -> RecordedDeal:
    text = "\n".join(e.line for e in journal.events("d1")) + "\n"
    return read_deal(text)


def test_the_pending_play_says_why_the_camera_doubts_it(journal: Journal) -> None:
    from dataclasses import replace

    from vision.recognize import Doubt
    ref = new(journal)
    ref.on_reading(0, replace(unsure("555", "555B"), doubts=(Doubt.UNREAD_CORNER,)))
    assert ref.pending is not None
    assert ref.pending.why.endswith("有角标未认出 a corner seen, not read")


def test_unsure_reading_waits_for_one_press_confirmation(journal: Journal) -> None:
    ref = new(journal)
    assert ref.on_reading(0, unsure("555", "55")).recorded == 0
    assert ref.pending is not None and ref.pending.candidates[0][0] == "555"
    assert lines(journal) == []
    assert ref.on_button(press(Button.PASS, 3)).recorded == 0  # buttons wait too
    assert ref.on_button(press(Button.CONFIRM)).recorded == 1
    assert ref.pending is None
    assert lines(journal) == ["1. S0 play 555 {玩家确认 confirmed}"]


def test_correction_to_another_candidate_is_entered_with_the_misread_noted(
        journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(0, unsure("555", "55"))
    assert ref.confirm("55").recorded == 1
    assert lines(journal) == ["1. S0 play 55 {识别有误 camera read 555}"]


def test_retake_drops_the_pending_reading(journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(2, unsure("99", "9"))
    assert ref.retake() == 2 and ref.pending is None and lines(journal) == []


def test_refused_sure_reading_asks_first_then_is_recorded_refused_when_confirmed(
        journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(0, sure("88"))
    out = ref.on_reading(1, sure("5"))  # does not top 88: a misread, or a foul?
    assert out.refusal is not None and out.recorded == 0 and ref.pending is not None
    assert ref.refusal is out.refusal
    log = list(ref.state.log)
    out = ref.on_button(press(Button.CONFIRM))
    assert out.recorded == 1 and out.refusal is not None
    assert ref.state.log == log
    assert lines(journal)[-1].startswith("2. S1 play 5 {refused: 管不住")


def test_refused_reading_corrected_to_a_legal_play_enters(journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(0, sure("88"))
    ref.on_reading(1, sure("5"))
    assert ref.confirm("99").recorded == 1
    assert lines(journal)[-1] == "2. S1 play 99 {识别有误 camera read 5}"
    assert ref.refusal is None


def test_more_than_the_pack_holds_is_raised_not_absorbed(journal: Journal) -> None:
    ref = new(journal)
    out = ref.on_reading(0, sure("R" * 5))  # four decks: four big jokers
    assert out.refusal is not None and out.refusal.switch == "deck.population"
    assert ref.pending is not None and lines(journal) == []


def test_unreadable_candidate_stays_pending(journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(0, unsure("5566"))
    assert ref.confirm("5566").recorded == 0
    assert ref.pending is not None and "不成一手" in ref.pending.why


def test_buttons_pass_and_rang_for_the_seat_or_the_seat_to_act(journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(0, sure("55"))
    assert ref.on_button(press(Button.PASS)).recorded == 1  # shared: S1, the seat to act
    out = ref.on_button(press(Button.PASS, 4))  # S4's own button, out of turn
    assert out.refusal is not None
    assert lines(journal)[1:] == ["2. S1 pass", lines(journal)[2]]
    assert lines(journal)[2].startswith("3. S4 pass {refused: 没轮到")


def test_cleared_zone_is_noted_on_the_next_event(journal: Journal) -> None:
    ref = new(journal)
    ref.on_cleared(3)
    ref.on_reading(0, sure("55"))
    assert lines(journal) == ["1. S0 play 55 {扣牌 S3 zone cleared}"]


def test_undo_without_pin_takes_back_the_last_accepted_event(journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(0, sure("55"))
    ref.on_reading(1, sure("66"))
    ref.on_button(press(Button.PASS, 4))  # refused: not undoable
    out = ref.on_button(press(Button.UNDO))
    assert out.recorded == 1 and len(ref.state.log) == 1
    last = journal.events("d1")[-1]
    assert last.line == UNDO_PREFIX + "2. S1 play 66" and last.corrects is not None


def test_undo_with_pin_needs_the_right_code(journal: Journal) -> None:
    ref = new(journal, pin="2468")
    ref.on_reading(0, sure("55"))
    assert ref.on_button(press(Button.UNDO)).recorded == 0 and ref.pin_pad
    out = ref.enter_pin("1111")
    assert out.recorded == 0 and "wrong" in out.message and not ref.pin_pad
    assert len(ref.state.log) == 1
    ref.request_undo()
    ref.cancel_pin()
    assert not ref.pin_pad and len(ref.state.log) == 1
    ref.request_undo()
    assert ref.enter_pin("2468").recorded == 1 and ref.state.log == []


def test_resume_rebuilds_the_deal_exactly(journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(0, sure("55"))
    ref.on_reading(2, sure("77"))
    ref.on_reading(1, sure("88"))  # out of turn, refused
    ref.on_reading(3, sure("99"))
    ref.request_undo()
    assert ref.pending is not None and ref.pending.candidates == (("99", 1.0),)
    ref.request_undo()  # drop it: S3 took the cards back
    ref.on_reading(4, sure("TT"))
    again = Referee.resume(journal, observed_setup("match", 5, NAMES))
    assert again is not None
    assert again.setup == ref.setup and again.state.log == ref.state.log
    assert again.events == ref.events
    again.on_reading(5, sure("JJ"))
    third = Referee.resume(journal, observed_setup("match", 5, NAMES))
    assert third is not None and third.state.log == again.state.log
    assert third.events[-1] == (PlayCards(5, Play.of(parse_cards("JJ"))), None)


def test_resume_of_a_deal_whose_tags_never_landed_writes_them(journal: Journal) -> None:
    journal.start_deal("d1")
    setup = observed_setup("jinyou", 3, NAMES)
    ref = Referee.resume(journal, setup)
    assert ref is not None and ref.setup == setup
    again = Referee.resume(journal, observed_setup("match", 0, NAMES))
    assert again is not None and again.setup == setup  # written once, then kept


def test_resume_completes_tags_cut_short_by_a_crash(journal: Journal) -> None:
    setup = observed_setup("jinyou", 3, NAMES, tags={"Table": "老王家"})
    journal.start_deal("d1")
    tags = [line for line in write_deal(setup).splitlines() if line]
    for line in tags[:2]:
        journal.append("d1", line)
    ref = Referee.resume(journal, setup)
    assert ref is not None and ref.setup == setup
    assert [e.line for e in journal.events("d1")] == tags


def test_event_line_matches_the_record_writer() -> None:
    setup = observed_setup("match", 0, NAMES)
    line = event_line(setup, 17, PlayCards(2, Play.of(parse_cards("KKK2"))), "a {b}")
    assert line == "17. S2 play KKK2 {a {b\\}}"
    assert DealState.start(setup).to_act == 0


def test_readings_during_a_confirmation_wait_behind_it_in_order(journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(0, unsure("55", "555"))
    assert ref.on_reading(1, sure("66")).recorded == 0
    assert ref.on_reading(3, sure("88")).recorded == 0
    assert ref.on_button(press(Button.CONFIRM)).recorded == 1 + 1 + 2
    assert lines(journal) == ["1. S0 play 55 {玩家确认 confirmed}", "2. S1 play 66",
                              f"3. S2 pass {{{INFERRED}: S3 played}}", "4. S3 play 88"]
    assert ref.backlog == []


def test_dropping_a_pending_reading_lets_the_waiting_ones_through(journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(0, sure("55"))
    ref.on_reading(1, unsure("6", "66"))
    ref.on_reading(2, sure("77"))
    out = ref.on_button(press(Button.UNDO))  # 撤销 on a reading not yet entered: drop it
    assert out.recorded == 2 and ref.pending is None
    assert lines(journal)[-2:] == [f"2. S1 pass {{{INFERRED}: S2 played}}", "3. S2 play 77"]


def test_undo_of_a_play_fixes_a_misread(journal: Journal) -> None:
    ref = new(journal)
    ref.on_reading(0, sure("55"))
    ref.on_reading(1, sure("66"))  # the camera misread S1's 77
    ref.request_undo()
    assert ref.pending is not None and ref.pending.seat == 1
    assert ref.confirm("77").recorded == 1
    assert lines(journal)[-2:] == [UNDO_PREFIX + "2. S1 play 66",
                                   "2. S1 play 77 {识别有误 camera read 66}"]
    assert ref.state.log[-1] == PlayCards(1, Play.of(parse_cards("77")))


def test_a_cleared_zone_is_the_kou_of_the_dead_trick_where_the_preset_has_it(
    journal: Journal,
) -> None:
    """004「对死牌必须做“扣牌”处理，对头为法定扣牌人」: the camera sees the trick cleared."""
    ref = new(journal, preset="jinyou")
    ref.on_reading(0, sure("55"))
    for seat in range(1, 6):
        ref.on_button(press(Button.PASS, seat))
    assert ref.state.kou_seat == 3
    out = ref.on_cleared(1)
    assert out.recorded == 1 and out.refusal is None and ref.state.kou_seat is None
    assert lines(journal)[-1] == "7. S3 kou {扣牌 S1 zone cleared}"
    assert ref.on_cleared(0).recorded == 0  # a second zone emptied is only a note


def test_a_lead_read_before_the_trick_was_seen_cleared_infers_the_kou(journal: Journal) -> None:
    ref = new(journal, preset="jinyou")
    ref.on_reading(0, sure("55"))
    out = ref.on_reading(0, sure("66"))  # a silent round: passes, 扣牌, then the new lead
    assert out.recorded == 7 and out.refusal is None
    assert lines(journal)[-2:] == [f"7. S3 kou {{{INFERRED}: S0 played}}", "8. S0 play 66"]


def test_cards_seen_but_none_read_wait_for_the_players(journal: Journal) -> None:
    """A zone of picture jokers reads as nothing, unsure: it is not taken for an empty zone."""
    ref = new(journal)
    seen = SetReading((), 0.0, True, ((tuple(parse_cards("R")), 0.3), ((), 0.2)))
    assert ref.on_reading(0, seen).recorded == 0
    assert ref.pending is not None and ref.pending.candidates == (("R", 0.3),)
    assert ref.on_button(press(Button.CONFIRM)).recorded == 1
    assert lines(journal) == ["1. S0 play R {玩家确认 confirmed}"]
    ref.on_button(press(Button.UNDO))  # back to S0's lead
    ref.retake()
    nothing = SetReading((), 0.0, True)
    assert ref.on_reading(0, nothing).recorded == 0
    assert ref.pending is not None and ref.pending.candidates == ()
    assert ref.on_button(press(Button.CONFIRM)).recorded == 0  # nothing to confirm: correct it
    assert ref.confirm("BB").recorded == 1
    assert lines(journal)[-1] == "1. S0 play BB {识别有误 camera read 无 nothing}"
