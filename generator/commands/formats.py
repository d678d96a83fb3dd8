"""What `pnp build --formats` accepts, apart from the build itself so the command line starts fast."""

FORMATS = ("sheets", "shop", "png", "svg")          # the default: all four
EXTRA_FORMATS = ("tts", "cut", "cricut")              # only when asked for; cut implies sheets
