#pragma once
// Every header of sim/rulesets/borodino/ includes this first. Only the plug-in itself and what
// links its target by name (vedette_rules_borodino: its tests, benchmarks and the registration in
// sim/rulesets/builtin.cpp) may include them; the core, the renderer and the app see a rule system
// only through sim/ruleset/ruleset.h (docs/ARCHITECTURE.md, "The seam").
#ifndef VEDETTE_PLUGIN_BORODINO
#error \
    "sim/rulesets/borodino/ is a rule-system plug-in: link vedette_rules_borodino to include its headers; renderer/ and app/ never do (docs/ARCHITECTURE.md)"
#endif
