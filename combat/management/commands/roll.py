"""`python manage.py roll EXPR [--faces 6,6,3] [--json]`: one roll, printed."""

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from combat.rules.dice import InvalidDice, roll
from combat.rules.faces import FaceSource, SecureFaces, TypedFaces


def _faces(text: str) -> list[int]:
    try:
        return [int(part) for part in text.replace(" ", ",").split(",") if part]
    except ValueError:
        raise CommandError(f"--faces takes whole numbers, e.g. 6,6,3 (got {text!r})") from None


class Command(BaseCommand):
    help = "Roll dice in Iniciativa's notation (see docs/dice.md)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("expression", help="e.g. 2d20kh1+5, 1d6!, 8d6!!>=7")
        parser.add_argument("--faces", help="the faces of physical dice, e.g. 6,6,3")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        source: FaceSource = (
            TypedFaces(_faces(options["faces"])) if options["faces"] else SecureFaces()
        )
        try:
            result = roll(options["expression"], source)
        except InvalidDice as error:
            raise CommandError(str(error)) from None
        if options["json"]:
            self.stdout.write(json.dumps(result.to_dict(), ensure_ascii=False))
            return
        dice = " ".join("+".join(map(str, die.faces)) for die in result.dice if die.kept)
        line = f"{result.expression} = {result.total}   [{dice}]"
        if result.successes is not None:
            line += f"   successes: {result.successes}"
        if result.sixes:
            line += f"   sixes: {result.sixes}"
        if result.fumble:
            line += "   rule of one!"
        self.stdout.write(line)
