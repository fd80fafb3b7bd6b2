#include "app/cli_files.h"

#include <cctype>

#include "app/cli.h"
#include "sim/core/atomic_file.h"
#include "sim/rules/ruleset_files.h"

#ifndef VEDETTE_SIM_ONLY
#include "renderer/assets/model_set.h"
#include "renderer/scene/visuals.h"
#endif

namespace vedette::app {

sim::NamedPath ruleset_input(const std::string& rules_dir, const std::string& id) {
    return {"the ruleset's data file", sim::ruleset_path(sim::find_rules_dir(rules_dir), id)};
}

void check_png_output(const std::string& path, const std::string& flag) {
    const auto dot = path.rfind('.');
    std::string ext = dot == std::string::npos || path.find('/', dot) != std::string::npos
                          ? ""
                          : path.substr(dot + 1);
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (ext != "png")
        throw UsageError{flag + ": expected a PNG file ending .png, not \"" + path + "\""};
    sim::check_output_path(path, flag);
}

#ifndef VEDETTE_SIM_ONLY
std::vector<sim::NamedPath> asset_inputs() {
    return {{"the models file", render::default_models_file()},
            {"the models file", render::shipped_models_file()},
            {"the visuals file", render::default_visuals_file()}};
}
#endif

}  // namespace vedette::app
