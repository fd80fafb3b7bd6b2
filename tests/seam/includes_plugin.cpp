// Built by tests/seam/CMakeLists.txt as a file of renderer/ or app/ that includes a rule-system
// plug-in's header (SEAM_PLUGIN_HEADER). It must not build: the plug-in's headers open only to what
// links its target by name. The control builds this same file with the plug-in linked, so the
// test knows the failure is the seam's and not a broken file.
#include SEAM_CLIENT_HEADER
#include SEAM_PLUGIN_HEADER

namespace vedette::seam_probe {
int touch() {
    return 1;
}
}  // namespace vedette::seam_probe
