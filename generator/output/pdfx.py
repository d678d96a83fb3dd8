"""Declare a CMYK press PDF as PDF/X-4 or PDF/X-1a, and make it so.

What ISO 15930 asks of the file itself, beyond its colours (press_pdf.py makes them DeviceCMYK):

- PDF/X-4 (ISO 15930-7:2010): PDF 1.6 or lower; `GTS_PDFXVersion (PDF/X-4)` in the Info dictionary and
  `pdfxid:GTS_PDFXVersion` in the XMP metadata; Title, CreationDate and ModDate in both, agreeing;
  `Trapped` True or False (not Unknown) in both; xmpMM DocumentID, VersionID and RenditionClass (default);
  one GTS_PDFX OutputIntent with OutputConditionIdentifier and the profile embedded; a trailer ID;
  TrimBox (or ArtBox) inside BleedBox inside MediaBox on every page; fonts embedded. Transparency is allowed.
- PDF/X-1a:2003 (ISO 15930-4:2003): the same declaration as `GTS_PDFXVersion (PDF/X-1a:2003)` (and the
  same value as Adobe's `pdfx:GTS_PDFXVersion` in the XMP), with no `GTS_PDFXConformance`: that key and a
  version of `PDF/X-1:2001` are the 2001 edition's pattern (ISO 15930-1), which a preflight looking for the
  2003 edition does not recognise; PDF 1.4 syntax (no object or cross-reference streams), and no
  transparency at all: no soft masks, no constant alpha below 1, blend modes Normal or Compatible only, no
  transparency groups.

The templates draw without transparency, so the shipped games need no flattening. A page that still has
some (a user's PNG art with an alpha channel, a template with opacity) is flattened for PDF/X-1a
(flatten.py); transparency groups with nothing transparent in them are simply dropped, which changes
nothing drawn. The build says how many pages it flattened.

Dates are the build's SOURCE_DATE_EPOCH (the reproducible-builds convention), else 1980-01-01, so that the
same spec gives the same bytes.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import os
from dataclasses import dataclass

import pikepdf

from generator.output.press_profile import PressProfile

DEFAULT_EPOCH = 315532800  # 1980-01-01T00:00:00Z, the reproducible-builds default for archives


@dataclass(frozen=True)
class Standard:
    key: str                 # what --pdfx takes
    version: str             # GTS_PDFXVersion, in the Info dictionary and the XMP alike
    xmp_key: str             # pdfxid (ISO 15930-7's schema) for PDF/X-4; Adobe's pdfx schema before it
    pdf_version: str
    transparency: bool
    object_streams: bool


STANDARDS = {
    "4": Standard("4", "PDF/X-4", "pdfxid:GTS_PDFXVersion", "1.6", True, True),
    "1a": Standard("1a", "PDF/X-1a:2003", "pdfx:GTS_PDFXVersion", "1.4", False, False),
}


def build_date() -> dt.datetime:
    raw = os.environ.get("SOURCE_DATE_EPOCH", "")
    epoch = int(raw) if raw.isdigit() else DEFAULT_EPOCH
    return dt.datetime.fromtimestamp(epoch, dt.timezone.utc)


def _pdf_date(when: dt.datetime) -> str:
    return when.strftime("D:%Y%m%d%H%M%SZ")


def _uuid(*parts: str) -> str:
    h = hashlib.sha256("\0".join(parts).encode()).hexdigest()
    return f"uuid:{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:32]}"


def output_intent(pdf: pikepdf.Pdf, profile: PressProfile) -> pikepdf.Dictionary:
    icc = pikepdf.Stream(pdf, profile.data)
    icc.N = 4
    return pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(profile.identifier),
        OutputCondition=pikepdf.String(profile.description), Info=pikepdf.String(profile.description),
        RegistryName=pikepdf.String(profile.registry), DestOutputProfile=pdf.make_indirect(icc))


def declare(pdf: pikepdf.Pdf, standard: Standard, title: str, profile: PressProfile, content_key: str) -> None:
    """Info, XMP and OutputIntent of `standard`; `content_key` (the file's content digest) seeds the XMP ids."""
    when = _pdf_date(build_date())
    pdf.Root.OutputIntents = pikepdf.Array([output_intent(pdf, profile)])
    info = pdf.docinfo
    for key in list(info.keys()):
        del info[key]
    info.Title, info.Creator = pikepdf.String(title), pikepdf.String("Punchboard")
    info.Producer = pikepdf.String("Punchboard (pikepdf)")
    info.CreationDate = info.ModDate = pikepdf.String(when)
    info.Trapped = pikepdf.Name("/False")
    info.GTS_PDFXVersion = pikepdf.String(standard.version)
    iso = build_date().strftime("%Y-%m-%dT%H:%M:%SZ")
    with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as xmp:
        for key in list(xmp.keys()):
            del xmp[key]
        xmp["dc:title"] = title
        xmp["dc:format"] = "application/pdf"
        xmp["xmp:CreatorTool"] = "Punchboard"
        xmp["xmp:CreateDate"] = xmp["xmp:ModifyDate"] = xmp["xmp:MetadataDate"] = iso
        xmp["pdf:Producer"] = "Punchboard (pikepdf)"
        xmp["pdf:Trapped"] = "False"
        xmp[standard.xmp_key] = standard.version
        xmp["xmpMM:DocumentID"] = _uuid("document", title)
        xmp["xmpMM:InstanceID"] = _uuid("instance", title, content_key)
        xmp["xmpMM:VersionID"] = "1"
        xmp["xmpMM:RenditionClass"] = "default"
    for page in pdf.pages:      # links and other annotations are screen matter, not print
        if "/Annots" in page.obj:
            del page.obj["/Annots"]


def content_digest(pdf: pikepdf.Pdf) -> str:
    """A digest of the pages' content, so an instance id changes exactly when the printed matter does."""
    h = hashlib.sha256()
    for page in pdf.pages:
        for stream in (page.obj.Contents if isinstance(page.obj.Contents, pikepdf.Array) else [page.obj.Contents]):
            h.update(stream.read_bytes())
    return h.hexdigest()
