"""Camera commands (视觉命令): ``mat`` and ``vision recognize|teach|calibrate``.

OpenCV and the vision package are imported inside the handlers so that other
commands start fast.  Bad input (missing file, unreadable image) exits with
code 2 and one clear line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

EXIT_BAD_INPUT = 2


def register(subparsers: Any) -> None:
    """Add the ``mat`` and ``vision`` subcommands."""
    mat = subparsers.add_parser("mat", help="打印牌垫 write the printable play mat (PNG + PDF)")
    mat.add_argument("--out", type=Path, required=True, help="output file (suffix replaced)")
    mat.add_argument("--paper", choices=("A1", "A2", "A3", "A4"), default="A2")
    mat.add_argument("--dpi", type=int, default=150)
    mat.set_defaults(handler=_mat)

    vision = subparsers.add_parser("vision", help="视觉 camera tools: recognise, teach, calibrate")
    vsub = vision.add_subparsers(dest="vision_command", required=True, metavar="ACTION")

    rec = vsub.add_parser("recognize", help="识牌 find every card in a photo (no mat needed)")
    rec.add_argument("image", type=Path)
    rec.add_argument("--json", action="store_true", help="print JSON instead of text")
    rec.add_argument("--profile", type=Path, help="a taught deck profile (.npz)")
    rec.set_defaults(handler=_recognize)

    teach = vsub.add_parser("teach", help="教牌 teach the table an unusual deck")
    src = teach.add_mutually_exclusive_group(required=True)
    src.add_argument("--images", type=Path,
                     help="folder of one-card images named by rank (3.png … T.png … BJ.png RJ.png)")
    src.add_argument("--camera", help="camera to use: picamera, usb:N, a video or image folder")
    teach.add_argument("--store", type=Path, required=True,
                       help="where to write the profile (.npz)")
    teach.set_defaults(handler=_teach)

    cal = vsub.add_parser("calibrate", help="标定 find the mat in a camera image")
    cal.add_argument("image", type=Path)
    cal.add_argument("--paper", choices=("A1", "A2", "A3", "A4"), default="A2")
    cal.add_argument("--out", type=Path, help="write the calibration as JSON")
    cal.set_defaults(handler=_calibrate)


def _fail(message: str) -> int:
    print(f"gouji-table: {message}", file=sys.stderr)
    return EXIT_BAD_INPUT


def _read_image(path: Path) -> Any:
    import cv2

    if not path.is_file():
        raise _BadInput(f"找不到文件 no such file: {path}")
    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise _BadInput(f"无法读取图片 not a readable image: {path}")
    return image


class _BadInput(Exception):
    pass


def _mat(args: argparse.Namespace) -> int:
    from vision.mat import write_mat

    try:
        paths = write_mat(args.out, args.paper, args.dpi)
    except OSError as exc:
        return _fail(f"无法写入 cannot write {args.out}: {exc.strerror or exc}")
    for p in paths:
        print(p)
    return 0


def _recognizer(profile: Path | None) -> Any:
    from vision.recognize import Recognizer
    from vision.teach import DeckProfile

    if profile is None:
        return Recognizer()
    if not profile.is_file():
        raise _BadInput(f"找不到牌型档案 no such profile: {profile}")
    try:
        return DeckProfile.load(profile).recognizer()
    except (OSError, ValueError, KeyError) as exc:
        raise _BadInput(f"牌型档案无效 not a deck profile: {profile} ({exc})") from exc


def _recognize(args: argparse.Namespace) -> int:
    try:
        image = _read_image(args.image)
        rec = _recognizer(args.profile)
    except _BadInput as exc:
        return _fail(str(exc))
    cards = rec.find_cards(image)
    h, w = image.shape[:2]

    def box(c: Any) -> list[int]:  # the estimated outline, clipped to the image
        x0, y0, x1, y1 = c.box
        return [max(0, x0), max(0, y0), min(w - 1, x1), min(h - 1, y1)]

    if args.json:
        print(json.dumps({"image": str(args.image), "width": w, "height": h, "cards": [
            {"rank": c.rank.symbol, "name": c.rank.chinese, "confidence": round(c.confidence, 3),
             "box": box(c), "corners": [[round(x, 1), round(y, 1)] for x, y in c.corners]}
            for c in cards]}, ensure_ascii=False))
        return 0
    if not cards:
        print("没有找到牌 no cards found")
    for c in cards:
        x0, y0, x1, y1 = box(c)
        print(f"{c.rank.chinese:>3}  conf {c.confidence:.2f}  box ({x0},{y0})-({x1},{y1})")
    return 0


def _teach(args: argparse.Namespace) -> int:
    from vision.sources import SourceError, open_source
    from vision.teach import TeachError, samples_from_camera, samples_from_folder, teach

    try:
        if args.images is not None:
            if not args.images.is_dir():
                return _fail(f"找不到目录 no such folder: {args.images}")
            samples = samples_from_folder(args.images)
        else:
            samples = samples_from_camera(open_source(args.camera), input)
        if not samples:
            return _fail("没有按牌名命名的图片 no images named by rank (3.png … BJ.png RJ.png)")
        profile, problems = teach(samples)
        profile.save(args.store)
    except (TeachError, SourceError) as exc:
        return _fail(str(exc))
    except OSError as exc:
        return _fail(f"无法写入 cannot write {args.store}: {exc}")
    for p in problems:
        print(f"注意 warning: {p}")
    taught = sorted(set(profile.labels))
    ranks = "rank" if len(taught) == 1 else "ranks"
    print(f"已学会 taught {len(taught)} {ranks} ({' '.join(taught)}) → {args.store}")
    if profile.faces is not None:
        print("王藏在扇中时凭牌面认出 a joker hidden in a fan is told by its face "
              f"(faces of {len(profile.faces.faces)} cards kept)")
    return 0


def _calibrate(args: argparse.Namespace) -> int:
    from vision.calibrate import FINE_PX_PER_MM, CalibrationError, calibrate
    from vision.mat import layout_for

    try:
        image = _read_image(args.image)
        cal = calibrate(image, layout_for(args.paper))
    except (_BadInput, CalibrationError) as exc:
        return _fail(str(exc))
    print(f"标定成功 calibrated: markers {list(cal.markers)}, error {cal.error_px:.2f} px")
    print(cal.look_at(image).describe())
    for seat, scale in cal.coarse_seats():
        print(f"座位 S{seat} 看得太粗 seen too coarse: {scale:.2f} px/mm, the reader is "
              f"measured at {FINE_PX_PER_MM} or more — raise the camera's resolution or "
              f"bring it closer")
    if args.out:
        cal.save(args.out)
        print(args.out)
    return 0
