#pragma once
// The JSON type's name without its definition: headers that only pass JSON values by reference
// (or return them) include this, so the files that include them do not compile all of
// nlohmann/json.hpp (tools/json_reach.py counts those that do without using it).

#include <nlohmann/json_fwd.hpp>

namespace vedette::sim {

using Json = nlohmann::json;

}  // namespace vedette::sim
