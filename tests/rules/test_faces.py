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
