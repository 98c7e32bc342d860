"""Pictures of boards and analyses: scene builders, themes and the SVG, PNG and canvas backends."""
