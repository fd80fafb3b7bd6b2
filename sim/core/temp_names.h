#pragma once
// The names of the temporary files and folders an output is written into before it takes its
// own name, and the removal of those a killed run left behind.
//
// A temporary of output NAME is NAME.tmp-PID-SUFFIX in NAME's folder: PID is the decimal id of
// the process writing it, SUFFIX whatever makes it unique (mkstemp's six characters, a counter,
// "-old" after them). Ctrl-C and SIGTERM remove a command's temporaries (sim/core/cleanup.h);
// `kill -9` or a power cut cannot, so before writing NAME again every command removes the
// temporaries of NAME whose process is gone: no process has that PID any more, or the process
// that has it started after the temporary was last written to (the PID was used again). A
// temporary of a process still running, a concurrent run's, is never touched; names without a
// PID (an older Vedette's NAME.tmp-XXXXXX) are left alone.

#include <string>

namespace vedette::sim {

// "PATH.tmp-PID-XXXXXX": a template for mkstemp or mkdtemp beside `path`.
std::string temp_template_beside(const std::string& path);

// Removes the temporaries of `path` (files, or folders with everything in them) whose process
// has gone. Never fails: a temporary that cannot be removed stays.
void remove_stale_temps(const std::string& path);

}  // namespace vedette::sim
