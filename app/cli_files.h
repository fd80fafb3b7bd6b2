#pragma once
// The files a command reads besides those named on its command line (the ruleset's data, the
// renderer's models.json and visuals.json), listed with the ones it names for
// sim::refuse_clashing_outputs (sim/core/output_clash.h): no output may be any of them.

#include <string>
#include <vector>

#include "sim/core/output_clash.h"

namespace vedette::app {

// The data file ruleset `id` is read from: in --rules DIR, else where every command finds it.
sim::NamedPath ruleset_input(const std::string& rules_dir, const std::string& id);

// An output picture: a path that may be written (sim::check_output_path) ending .png (any case),
// since the commands write nothing but PNG: a slip such as "--png REPLAY" or "x.jpg" is refused
// instead of writing a PNG under another name. Throws UsageError naming the flag.
void check_png_output(const std::string& path, const std::string& flag);

#ifndef VEDETTE_SIM_ONLY
// models.json (yours in $VEDETTE_ASSETS_DIR, and the shipped one it falls back to) and
// visuals.json: every rendering command reads them.
std::vector<sim::NamedPath> asset_inputs();
#endif

}  // namespace vedette::app
