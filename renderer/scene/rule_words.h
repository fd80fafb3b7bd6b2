#pragma once
// Rule references as a viewer reads them: the record cites its sources by the project's seed
// numbers ("GdB charges (seed 000)"); the screen says the rule ("GdB charges"). Plain text, no
// rule system known.

#include <string>

namespace vedette::render {

// A rule reference as a viewer reads it: without the project's seed numbers ("(seed 000)").
std::string readable_rule(const std::string& rule);

}  // namespace vedette::render
