"""What a press build takes in: the shop's own ICC profile, read once and proven by LittleCMS, of either ICC
version (pictures of any size the limits admit: tests/test_press.py)."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest

from conftest import run_cli, job_folder

SHIPPED_ICC = Path(__file__).parent.parent / "profiles" / "punchboard-press-cmyk.icc"
TAG_TABLE = 128                # ICC.1 7.3: the tag count is the 4 bytes at offset 128, then 12-byte entries


def _truncated(data: bytes) -> bytes:
    return data[: len(data) // 2]                    # the header (and its 'acsp') intact, tags cut off


def _tags_past_the_end(data: bytes) -> bytes:
    """Every tag's offset (bytes 4-7 of its 12-byte entry) pointing past the end of the file."""
    out = bytearray(data)
    for k in range(int.from_bytes(data[TAG_TABLE:TAG_TABLE + 4], "big")):
        entry = TAG_TABLE + 4 + 12 * k
        out[entry + 4:entry + 8] = (len(data) + 1000).to_bytes(4, "big")
    return bytes(out)


def _no_tags(data: bytes) -> bytes:
    return data[:TAG_TABLE] + (0).to_bytes(4, "big") + data[TAG_TABLE + 4:]


@pytest.mark.parametrize("damage", [_truncated, _tags_past_the_end, _no_tags])
def test_a_profile_littlecms_cannot_use_is_one_line_before_anything_is_built(tmp_path, damage):
    bad = tmp_path / "shop.icc"
    bad.write_bytes(damage(SHIPPED_ICC.read_bytes()))
    out = tmp_path / "out"
    code, _, err = run_cli("build", "niya", "--press", "--press-profile", str(bad), "--out", str(out))
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert "shop.icc" in err and "--press-profile" in err and "not a usable CMYK output ICC profile" in err, err
    assert not out.exists()


@pytest.mark.parametrize("form", ["dir", "dir/", "dir/..", "{abs}/dir", "link", "."])
def test_a_folder_given_as_the_profile_is_one_line(tmp_path, monkeypatch, form):
    (tmp_path / "dir").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "dir")
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("build", "niya", "--press", "--press-profile", form.format(abs=tmp_path),
                           "--out", str(tmp_path / "out"))
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert "--press-profile: expected a regular file, got a folder" in err, err
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("kind", ["press profile", "image", "font", "spec"])
def test_the_confined_reader_refuses_a_folder_of_any_kind(tmp_path, kind):
    from generator.common.confine import ConfinementError, read_bytes

    (tmp_path / "a.png").mkdir()
    for form in (tmp_path / "a.png", Path(f"{tmp_path}/a.png/"), tmp_path / "a.png" / ".."):
        with pytest.raises(ConfinementError, match="expected a regular file, got a folder"):
            read_bytes(form, [tmp_path.parent], kind)


def test_the_profile_is_read_once_and_what_was_read_is_used(tmp_path):
    """The build separates through, and embeds, the bytes load_profile read: the file replaced afterwards (by
    anything) changes nothing, and is never read again."""
    from generator.commands.build import BuildOptions, build_game
    from generator.layout.plan import SheetOptions
    from generator.output.press_profile import load_profile

    path = tmp_path / "shop.icc"
    original = SHIPPED_ICC.read_bytes()
    path.write_bytes(original)
    profile = load_profile(path)
    path.write_bytes(b"replaced after it was read")
    build_game("niya", BuildOptions(SheetOptions(), tmp_path / "out", formats=("svg",), press=True,
                                    press_profile=profile))
    with pikepdf.open(job_folder(tmp_path / "out", "niya") / "niya-press.pdf") as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert intent.DestOutputProfile.read_bytes() == original


def _with_description(data: bytes, text: str, version: int) -> bytes:
    """The shipped profile with its 'desc' tag replaced by `text`, as ICC version `version` writes it: v2 a
    textDescriptionType ('desc': ASCII count and text), v4 a multiLocalizedUnicodeType ('mluc': records of
    language, country, length and offset, UTF-16BE text), ICC.1:2010 10.15, and the header's version byte 4.
    The curves and lookup tables (curv, mft2) are valid v4 types too, so this is a v4 profile throughout where
    the name is concerned, which is what the OutputIntent is derived from."""
    if version == 2:
        raw = text.encode("ascii") + b"\0"
        tag = b"desc" + bytes(4) + len(raw).to_bytes(4, "big") + raw + bytes(8) + bytes(3) + bytes(67)
    else:
        raw = text.encode("utf-16-be")
        tag = b"mluc" + bytes(4) + (1).to_bytes(4, "big") + (12).to_bytes(4, "big") + b"enUS" \
            + len(raw).to_bytes(4, "big") + (28).to_bytes(4, "big") + raw
    out = bytearray(data)
    offset = len(out) + (-len(out)) % 4
    out += bytes(offset - len(out)) + tag
    for k in range(int.from_bytes(data[TAG_TABLE:TAG_TABLE + 4], "big")):
        entry = TAG_TABLE + 4 + 12 * k
        if out[entry:entry + 4] == b"desc":
            out[entry + 4:entry + 12] = offset.to_bytes(4, "big") + len(tag).to_bytes(4, "big")
    out[0:4] = len(out).to_bytes(4, "big")
    out[8:12] = bytes([version, 0x20 if version == 4 else 0x10, 0, 0])
    return bytes(out)


# The ICC's registry of characterization data (color.org) names FOGRA39 by that reference name; a
# condition not registered is named by its profile's own description and no registry.
@pytest.mark.parametrize("version", [2, 4])
@pytest.mark.parametrize("text, identifier, registry", [
    ("Coated FOGRA39 (ISO 12647-2:2004)", "FOGRA39", "http://www.color.org"),
    ("GRACoL2006_Coated1v2", "CGATS TR 006", "http://www.color.org"),     # the name in mixed case, with "_"
    ("U.S. Web Coated (SWOP) v2", "CGATS TR 001", "http://www.color.org"),
    ("Coated Fogra 39 L", "FOGRA39", "http://www.color.org"),                  # spaced and in lower case
    ("Corner Shop Press 2025", "Corner Shop Press 2025", ""),
])
def test_the_output_intent_names_a_shops_profile_of_either_icc_version(tmp_path, version, text, identifier,
                                                                       registry):
    from generator.output.press_profile import load_profile

    path = tmp_path / "shop.icc"
    path.write_bytes(_with_description(SHIPPED_ICC.read_bytes(), text, version))
    profile = load_profile(path)
    assert profile.data[8] == version and profile.description == text
    assert (profile.identifier, profile.registry) == (identifier, registry)


def test_a_v4_profile_s_name_reaches_the_press_file(tmp_path):
    path = tmp_path / "shop.icc"
    path.write_bytes(_with_description(SHIPPED_ICC.read_bytes(), "Coated FOGRA39 (ISO 12647-2:2004)", 4))
    code, _, err = run_cli("build", "niya", "--press", "--press-profile", str(path), "--formats", "svg",
                           "--out", str(tmp_path / "out"))
    assert code == 0, err
    with pikepdf.open(job_folder(tmp_path / "out", "niya") / "niya-press.pdf") as pdf:
        (intent,) = pdf.Root.OutputIntents
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert str(intent.RegistryName) == "http://www.color.org"
        assert str(intent.Info) == str(intent.OutputCondition) == "Coated FOGRA39 (ISO 12647-2:2004)"
        assert intent.DestOutputProfile.read_bytes()[8] == 4


GS_V4_CMYK = Path("/usr/share/color/icc/ghostscript/ps_cmyk.icc")    # Ghostscript's own v4.2 CMYK profile


@pytest.mark.skipif(not GS_V4_CMYK.is_file(), reason="Ghostscript's ICC profiles are not installed")
def test_a_vendors_v4_cmyk_profile_is_named_by_its_description():
    from generator.output.press_profile import load_profile

    profile = load_profile(GS_V4_CMYK)
    assert profile.data[8] == 4 and profile.identifier == "Artifex PS CMYK Profile" and profile.registry == ""
