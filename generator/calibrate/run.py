"""`pnp calibrate`'s command: measure, print (words or JSON), and keep the result when asked to."""

from __future__ import annotations

import argparse
import json
from typing import TextIO

from generator.common.errors import OptionError
from generator.common.units import rounded
from generator.layout.paper import PAPERS_MM
from generator.calibrate import profiles
from generator.calibrate.command import calibrate
from generator.calibrate.report import as_json, suggested, words


def run(args: argparse.Namespace, out: TextIO) -> int:
    if args.paper is not None and args.paper not in PAPERS_MM:
        raise OptionError(f"pnp calibrate --paper {args.paper}: a calibration sheet's code names {', '.join(PAPERS_MM)} "
                          "only; calibrate on the named paper nearest in size, or by eye (docs: Calibrating a printer)")
    if args.save is not None:
        profiles.check_name(args.save)          # a bad name, or a printers.json that cannot be added to,
        profiles.check_file()                   # fails before the pictures are read
    result, _, back = calibrate(args.front, args.back, args.paper, args.duplex)
    code = back.located.code
    if args.save is not None:
        profiles.save(args.save, code.paper, code.duplex, {
            "back_offset_mm": list(suggested(result, back.located)), "rotation_deg": rounded(result.rotation_deg, 3),
            "scale": rounded(result.scale, 5)})
    if args.json:
        print(json.dumps(as_json(result, back.located, args.save), indent=2), file=out)
    else:
        print("\n".join(words(result, back.located, args.save)), file=out)
    return 0
