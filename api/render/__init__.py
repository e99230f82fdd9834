"""Pictures as SVG text: Manno task cards and tokens, game boards, and plots.

Pure functions, no raster dependency: each returns a whole SVG document as a
string, the same bytes for the same input.
"""
