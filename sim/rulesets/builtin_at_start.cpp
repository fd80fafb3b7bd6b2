// For the programs without a main of their own (GoogleTest's and Google Benchmark's runners, the
// libFuzzer targets): the shipped rulesets are registered before main runs. The `vedette`
// program registers them in its main instead (app/main.cpp).

#include "sim/ruleset/registry.h"

namespace {

[[maybe_unused]] const bool registered = [] {
    vedette::sim::ruleset::register_builtin_rulesets();
    return true;
}();

}  // namespace
