"""Per-person ordering: one person's updates in order, one at a time; people in parallel."""

from __future__ import annotations

import asyncio

from telegram import Chat, Message, Update, User

from bot.telegram.ordering import PerPersonUpdateProcessor, person_of


def update(update_id: int, user_id: int) -> Update:
    user = User(user_id, f"U{user_id}", is_bot=False)
    message = Message(update_id, None, Chat(user_id, "private"), from_user=user, text="hi")  # type: ignore[arg-type]
    return Update(update_id, message=message)


async def test_same_person_in_order_people_concurrently() -> None:
    processor = PerPersonUpdateProcessor(concurrency=16)
    log: list[tuple[str, int, int]] = []
    running: dict[int, int] = {}
    overlap: set[int] = set()

    async def work(upd: Update, delay: float) -> None:
        user_id = upd.effective_user.id  # type: ignore[union-attr]
        running[user_id] = running.get(user_id, 0) + 1
        if running[user_id] > 1:
            overlap.add(user_id)
        log.append(("start", user_id, upd.update_id))
        await asyncio.sleep(delay)
        log.append(("end", user_id, upd.update_id))
        running[user_id] -= 1

    async with processor:
        tasks = []
        for i in range(10):
            # Person 1's early updates are slow, later ones fast: order must still hold.
            u1, u2 = update(100 + i, 1), update(200 + i, 2)
            tasks.append(
                asyncio.create_task(processor.process_update(u1, work(u1, 0.02 - i / 1000)))
            )
            tasks.append(asyncio.create_task(processor.process_update(u2, work(u2, 0.001))))
        await asyncio.gather(*tasks)

    assert not overlap
    for user_id, base in ((1, 100), (2, 200)):
        ends = [uid for kind, who, uid in log if kind == "end" and who == user_id]
        assert ends == [base + i for i in range(10)]
    # Person 2 did not wait for person 1's slow queue: all of 2's work ended before 1's.
    last_of_2 = max(i for i, e in enumerate(log) if e[0] == "end" and e[1] == 2)
    last_of_1 = max(i for i, e in enumerate(log) if e[0] == "end" and e[1] == 1)
    assert last_of_2 < last_of_1
    assert not processor._tails  # queues are dropped when empty


async def test_a_failing_update_does_not_block_the_next() -> None:
    processor = PerPersonUpdateProcessor()
    done: list[int] = []

    async def boom() -> None:
        raise RuntimeError("handler failed")

    async def fine() -> None:
        done.append(1)

    async with processor:
        first = asyncio.create_task(processor.process_update(update(1, 5), boom()))
        second = asyncio.create_task(processor.process_update(update(2, 5), fine()))
        results = await asyncio.gather(first, second, return_exceptions=True)
    assert isinstance(results[0], RuntimeError)
    assert done == [1]


async def test_cancelled_waiter_does_not_cancel_its_predecessor() -> None:
    processor = PerPersonUpdateProcessor()
    gate = asyncio.Event()
    finished: list[str] = []

    async def slow() -> None:
        await gate.wait()
        finished.append("first")

    async def never() -> None:
        finished.append("second")

    async with processor:
        first = asyncio.create_task(processor.process_update(update(1, 7), slow()))
        second = asyncio.create_task(processor.process_update(update(2, 7), never()))
        await asyncio.sleep(0.01)
        second.cancel()
        await asyncio.sleep(0.01)
        gate.set()
        await first
    assert finished == ["first"]
    assert second.cancelled()


def test_key_is_the_user() -> None:
    assert person_of(update(1, 42)) == ("user", 42)
    assert person_of(object()) is None


async def test_a_reply_waiting_for_its_turn_gives_its_place_to_the_next_update() -> None:
    """With one place, a second person's update is worked on while the first's reply waits
    for Telegram's pace, not after it left; and the place, given back once, still bounds the
    work: a third waits for the second."""
    from bot.telegram.outgoing import _Slots

    processor = PerPersonUpdateProcessor(concurrency=1)
    pace = _Slots(interval=60.0)  # the second message of the first reply waits a minute
    started: list[int] = []
    second_working, release_second = asyncio.Event(), asyncio.Event()

    async def replies_twice() -> None:
        started.append(1)
        async with pace:  # its first message leaves at once
            pass
        async with pace:  # the next waits its turn: the place goes to the next update
            pass

    async def works() -> None:
        started.append(2)
        second_working.set()
        await release_second.wait()

    async def third() -> None:
        started.append(3)

    async with processor:
        first = asyncio.create_task(processor.process_update(update(1, 1), replies_twice()))
        second = asyncio.create_task(processor.process_update(update(2, 2), works()))
        last = asyncio.create_task(processor.process_update(update(3, 3), third()))
        await asyncio.wait_for(second_working.wait(), 5)
        await asyncio.sleep(0.05)
        assert started == [1, 2]  # the third is not let in beside the second
        assert not first.done()  # the first still waits for its turn
        release_second.set()
        await asyncio.wait_for(last, 5)
        assert started == [1, 2, 3]
        first.cancel()
        await asyncio.gather(first, second, return_exceptions=True)
