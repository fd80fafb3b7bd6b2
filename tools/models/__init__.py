"""The parts of Vedette's model generator, tools/make_models.py: shapes, kit, figures, scenery."""
