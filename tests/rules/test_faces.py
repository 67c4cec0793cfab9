"""Face sources: secure chance, seeded chance, and faces typed by a person."""

import ast
import random
from collections import Counter
from pathlib import Path

import pytest

from combat.rules.faces import FacesExhausted, FaceSource, SecureFaces, SeededFaces, TypedFaces

RULES = Path(__file__).resolve().parents[2] / "combat" / "rules"
OUR_MODULES = sorted([RULES / "faces.py", RULES / "odds.py", *(RULES / "dice").glob("*.py")])


def test_same_seed_gives_the_same_faces():
    first, second = SeededFaces(42), SeededFaces(42)
    assert [first.roll(6) for _ in range(50)] == [second.roll(6) for _ in range(50)]


def test_different_seeds_give_different_faces():
    first, second = SeededFaces(1), SeededFaces(2)
    assert [first.roll(20) for _ in range(30)] != [second.roll(20) for _ in range(30)]


def test_seeded_faces_are_those_of_randrange_with_the_same_seed():
    source, reference = SeededFaces(7), random.Random(7)
    for sides in [2, 3, 6, 8, 10, 20, 100, 1000] * 20:
        assert source.roll(sides) == reference.randrange(sides) + 1


def test_seeded_sources_do_not_touch_the_global_random_generator():
    random.seed(5)
    expected = random.random()
    random.seed(5)
    SeededFaces(1).roll(6)
    assert random.random() == expected


@pytest.mark.parametrize("source", [SeededFaces(3), SecureFaces()], ids=["seeded", "secure"])
@pytest.mark.parametrize("sides", [2, 6, 20])
def test_every_face_from_1_to_sides_comes_up_and_nothing_else(source, sides):
    faces = Counter(source.roll(sides) for _ in range(sides * 200))
    assert set(faces) == set(range(1, sides + 1))


def test_seeded_d6_is_fair_within_a_few_percent():
    source = SeededFaces(2024)
    counts = Counter(source.roll(6) for _ in range(60_000))
    assert all(9_600 <= counts[face] <= 10_400 for face in range(1, 7))


class _Bytes:
    """The operating system's randomness as a test reads it: the given bytes, block by block."""

    def __init__(self, data: bytes) -> None:
        self.data, self.asked = data, []

    def __call__(self, size: int) -> bytes:
        self.asked.append(size)
        block, self.data = self.data[:size], self.data[size:]
        return block


@pytest.mark.parametrize("sides", [2, 3, 4, 6, 8, 10, 12, 20, 100, 256])
def test_secure_faces_cut_every_byte_value_without_bias(monkeypatch, sides):
    """Each of the 256 byte values either gives a face or is drawn again: every face comes from
    exactly as many byte values, so uniform bytes give uniform faces (rejection sampling)."""
    warm_up = SecureFaces.FIRST  # the first, small read: 32 zero bytes, 32 faces of 1
    source = _Bytes(bytes(warm_up) + bytes(range(256)) * 2)
    monkeypatch.setattr("combat.rules.faces.os.urandom", source)
    secure, kept = SecureFaces(), 256 - 256 % sides
    assert [secure.roll(sides) for _ in range(warm_up)] == [1] * warm_up
    faces = Counter(secure.roll(sides) for _ in range(kept))
    assert faces == Counter({face: kept // sides for face in range(1, sides + 1)})
    assert source.asked == [SecureFaces.FIRST, SecureFaces.BLOCK]  # then one read for them all


def test_secure_faces_draw_again_past_the_last_whole_multiple(monkeypatch):
    """A d6 keeps the bytes 0-251 (42 of each face); 252-255 would favour 1-4, so they are
    skipped and the next byte decides; the next block (256 bytes) is read when the first (32)
    runs out."""
    block = bytes([252, 253, 254, 255, 0, 251, 5, *[200] * 25])
    source = _Bytes(block + bytes([7]))
    monkeypatch.setattr("combat.rules.faces.os.urandom", source)
    secure = SecureFaces()
    assert [secure.roll(6), secure.roll(6), secure.roll(6)] == [1, 6, 6]
    assert [secure.roll(6) for _ in range(25)] == [3] * 25  # 200 % 6 = 2
    assert secure.roll(6) == 2  # 7 % 6 = 1, from the next block
    assert source.asked == [32, 256]


def test_secure_faces_of_big_dice_come_from_the_system_whole(monkeypatch):
    monkeypatch.setattr("combat.rules.faces._SYSTEM.randrange", lambda sides: sides - 1)
    assert SecureFaces().roll(1000) == 1000


def test_typed_faces_come_out_in_the_order_typed():
    typed = TypedFaces([3, 1, 6])
    assert [typed.roll(6), typed.roll(6), typed.roll(6)] == [3, 1, 6]


def test_typed_faces_signal_when_they_run_out():
    typed = TypedFaces([4])
    typed.roll(6)
    with pytest.raises(FacesExhausted):
        typed.roll(6)


def test_typed_faces_count_what_was_used_and_what_is_left():
    typed = TypedFaces([1, 2, 3])
    typed.roll(6)
    assert (typed.used, typed.remaining) == (1, 2)


def test_typed_faces_keep_their_own_copy():
    faces = [1, 2]
    typed = TypedFaces(faces)
    faces[0] = 6
    assert typed.roll(6) == 1


def test_every_source_fits_the_protocol():
    sources: list[FaceSource] = [SecureFaces(), SeededFaces(1), TypedFaces([2])]
    assert all(1 <= source.roll(6) <= 6 for source in sources)


@pytest.mark.parametrize("path", OUR_MODULES, ids=lambda path: path.name)
def test_dice_modules_use_no_global_random_no_clock_and_no_django(path):
    tree = ast.parse(path.read_text())
    imported = {
        alias.name.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {
        (node.module or "").split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
    }
    assert not imported & {"django", "time", "datetime"}
    random_calls = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in ("random", "secrets")
    }
    assert random_calls <= {"Random", "SystemRandom"}
