"""What every picture is drawn with: an SVG writer (``svg``) and the pieces the game
boards share (``board``). Pure text, no raster or XML library."""
