"""Pictures as SVG text: Manno task cards and tokens, and the catalogue's plots.

Pure functions, no raster dependency: each returns a whole SVG document as a
string, the same bytes for the same input, written with ``solver.drawing.svg``
(the games' boards are drawn in their own packages, ``solver/<game>/picture.py``).
"""
