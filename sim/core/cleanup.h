#pragma once
// What to undo if the program is interrupted (Ctrl-C, SIGTERM) half way: temporary files and
// folders to delete and child processes to stop. Writers register what they create and remove the
// entry once the work is in place; app/interrupt.cpp runs whatever is left when a signal arrives,
// so an interrupted command leaves nothing behind. Nothing here decides an outcome.

#include <sys/types.h>
#include <string>

namespace vedette::sim::cleanup {

using Token = long;

Token add_file(const std::string& path);    // delete this file
Token add_folder(const std::string& path);  // delete this folder and everything in it
Token add_process(pid_t pid);               // SIGKILL and reap this child
void forget(Token token);                   // the entry is no longer needed

// Runs every registered entry (processes first, then files and folders). Called once, on an
// interrupt, from the thread that caught the signal.
void run_all();

// Scope guard: registers a file and forgets it when the scope ends.
class FileGuard {
public:
    explicit FileGuard(const std::string& path) : token_(add_file(path)) {}
    ~FileGuard() { forget(token_); }
    FileGuard(const FileGuard&) = delete;
    FileGuard& operator=(const FileGuard&) = delete;

private:
    Token token_;
};

}  // namespace vedette::sim::cleanup
