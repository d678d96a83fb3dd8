"""`pnp calibrate`: measure a printer's duplex error from two pictures of the printed calibration sheet.

sheet.py (pure geometry, no image library) says what the sheet carries for a machine to read: ArUco
markers and a code strip. detect.py (OpenCV) finds them, and the paper's edges, in a picture;
measure.py turns those into the printer's error; profiles.py keeps the result for `pnp build --printer`.
Only detect.py imports OpenCV, and only `pnp calibrate` imports detect.py.
"""
