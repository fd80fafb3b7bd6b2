#pragma once
// Every problem with user input (scenario, ruleset, melee file, replay) is reported as an
// InputError naming the file and the place in it (a JSON path like $.attacker[0].figures, or a
// line and column for syntax errors). The CLI prints it and exits with code 2.

#include <stdexcept>
#include <string>

namespace vedette::sim {

class InputError : public std::runtime_error {
public:
    InputError(std::string file, std::string where, std::string what)
        // An empty `where` is for a place already in `file` ("game.game:12:5", a text file's
        // line and column, as compilers write them).
        : std::runtime_error(file + (where.empty() ? "" : ": " + where) + ": " + what),
          file_(std::move(file)),
          where_(std::move(where)),
          message_(std::move(what)) {}

    const std::string& file() const { return file_; }
    const std::string& where() const { return where_; }
    const std::string& message() const { return message_; }

private:
    std::string file_;
    std::string where_;
    std::string message_;
};

// Exit code for bad input, shared by every subcommand.
inline constexpr int kExitBadInput = 2;

}  // namespace vedette::sim
