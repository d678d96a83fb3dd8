"""pnp calibrate's pictures come from anywhere on disk: each is read as the build reads an image (a regular file,
opened without blocking, within a byte limit, its pixel size read from the header before a pixel is decoded),
and a picture that cannot be a photo of the sheet is one line saying so. The limits are the README's (Limits:
calibration photos): 128 MB, 210 megapixels, 20,000 px a side, at least 480 px a side, at most 4 to 1.
"""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

from conftest import run_cli, run_pnp


def png_header(w: int, h: int) -> bytes:
    """A PNG that claims w x h grey pixels and holds a few: what a decompression bomb's header looks like."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b""))


def jpeg_header(w: int, h: int) -> bytes:
    """A small real JPEG whose frame header (SOF0) is made to claim w x h pixels."""
    data = bytearray(cv2.imencode(".jpg", np.full((16, 16), 128, np.uint8))[1].tobytes())
    at = data.index(b"\xff\xc0")
    data[at + 5:at + 9] = struct.pack(">HH", h, w)
    return bytes(data)


def picture(folder: Path, name: str, w: int, h: int) -> Path:
    path = folder / name
    path.write_bytes(cv2.imencode(".png", np.full((h, w), 90, np.uint8))[1].tobytes())
    return path


def refused(front: Path, back: Path | None = None) -> str:
    """The one line pnp calibrate says, naming the picture; exit code 2 and nothing on stdout."""
    code, out, err = run_cli("calibrate", str(front), str(back or front))
    assert code == 2 and out == "" and err.count("\n") == 1, (code, out, err)
    assert front.name in err, err
    return err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_fifo_given_as_a_photo_is_one_line_not_a_hang(tmp_path):
    os.mkfifo(tmp_path / "front.jpg")
    run = run_pnp("calibrate", "front.jpg", "front.jpg", cwd=tmp_path, timeout=60)
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert "front.jpg: expected a regular file, got a named pipe (FIFO)" in run.stderr


def test_a_folder_or_a_device_given_as_a_photo_is_one_line(tmp_path):
    (tmp_path / "photos.jpg").mkdir()
    assert "expected a regular file, got a folder" in refused(tmp_path / "photos.jpg")
    if os.path.exists("/dev/zero"):
        code, _, err = run_cli("calibrate", "/dev/zero", "/dev/zero")
        assert code == 2 and "/dev/zero: expected a regular file, got a device" in err and err.count("\n") == 1


def test_a_photo_over_the_byte_limit_is_refused_before_it_is_read(tmp_path):
    huge = tmp_path / "huge.jpg"
    with open(huge, "wb") as f:
        f.truncate(2 * 1024 ** 3)            # 2 GB, sparse: nothing is written, and nothing may be read
    assert "photo of 2048 MB is larger than the limit of 128 MB" in refused(huge)


@pytest.mark.parametrize("name,header", [
    ("bomb.png", lambda: png_header(30_000, 30_000)),     # a few hundred bytes that would decode to 900 MB
    ("wide.png", lambda: png_header(15_000, 15_000)),     # within 20,000 a side, 225 megapixels
    ("bomb.jpg", lambda: jpeg_header(16_000, 14_000)),    # 224 megapixels
    ("long.png", lambda: png_header(20_001, 6_000)),      # a side over 20,000
], ids=["png-30000x30000", "png-15000x15000", "jpeg-16000x14000", "png-20001x6000"])
def test_a_picture_too_large_in_pixels_is_refused_from_its_header(tmp_path, name, header):
    path = tmp_path / name
    path.write_bytes(header())
    err = refused(path)
    assert "too large to be a photo of the sheet (limit 210 megapixels, 20000 pixels a side)" in err, err


def test_the_largest_phone_photo_passes_the_pixel_limit(tmp_path):
    """A 200 MP phone's 16,320 x 12,240 is within the limits: this header gets as far as decoding (and fails there,
    its pixels being a few bytes), one line all the same."""
    path = tmp_path / "phone.png"
    path.write_bytes(png_header(16_320, 12_240))        # 199.8 megapixels
    err = refused(path)
    assert "too large" not in err and "not a readable JPEG, PNG, TIFF or WebP image" in err, err


@pytest.mark.parametrize("w,h", [(1, 1), (2, 2), (60_000, 1), (1, 60_000), (479, 2_000), (300, 300)])
def test_a_picture_too_small_to_hold_the_sheet_is_one_line(tmp_path, w, h):
    err = refused(picture(tmp_path, f"tiny-{w}x{h}.png", w, h))
    assert f"a picture of {w} x {h} pixels is too small to be a photo of the calibration sheet" in err, err


@pytest.mark.parametrize("w,h", [(3_000, 700), (700, 2_900), (20_000, 500)])
def test_a_picture_of_the_wrong_shape_is_one_line(tmp_path, w, h):
    err = refused(picture(tmp_path, f"strip-{w}x{h}.png", w, h))
    assert f"a picture of {w} x {h} pixels is the wrong shape to be a photo of the calibration sheet" in err, err


@pytest.mark.parametrize("w,h", [(480, 480), (480, 1_920), (1_920, 480)])
def test_the_smallest_pictures_taken_are_measured_not_crashed_on(tmp_path, w, h):
    """At the edges of what is taken, OpenCV's steps (a quarter-size copy, marker search, blur) run and say that
    there is no sheet, never an OpenCV error."""
    path = picture(tmp_path, f"grey-{w}x{h}.png", w, h)
    assert "no sheet found in the picture" in refused(path)


def test_a_picture_of_another_kind_or_no_picture_is_one_line(tmp_path):
    gif = tmp_path / "sheet.gif"
    from PIL import Image
    Image.new("L", (800, 600), 90).save(gif)
    assert "expected a JPEG, PNG, TIFF or WebP image, got GIF" in refused(gif)
    text = tmp_path / "notes.jpg"
    text.write_text("not a picture")
    assert "not a readable JPEG, PNG, TIFF or WebP image" in refused(text)
    empty = tmp_path / "empty.png"
    empty.write_bytes(b"")
    assert "not a readable JPEG, PNG, TIFF or WebP image" in refused(empty)
