#include "app/cli_files.h"

#include "sim/rules/ruleset_files.h"

#ifndef VEDETTE_SIM_ONLY
#include "renderer/assets/model_set.h"
#include "renderer/scene/visuals.h"
#endif

namespace vedette::app {

sim::NamedPath ruleset_input(const std::string& rules_dir, const std::string& id) {
    return {"the ruleset's data file", sim::ruleset_path(sim::find_rules_dir(rules_dir), id)};
}

#ifndef VEDETTE_SIM_ONLY
std::vector<sim::NamedPath> asset_inputs() {
    return {{"the models file", render::default_models_file()},
            {"the models file", render::shipped_models_file()},
            {"the visuals file", render::default_visuals_file()}};
}
#endif

}  // namespace vedette::app
