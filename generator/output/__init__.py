"""Writers: the files a build leaves (PDFs, PNGs, shop and press files, cut files, Tabletop Simulator, gallery)."""
