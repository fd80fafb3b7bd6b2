#pragma once
// Names come from files anyone can write: a unit called "\x1b]0;pwned\x07" must not set the
// terminal's title or clear its screen when an error message, `--roll-missing` or `vedette events`
// prints it. The program's standard output and error pass through one filter that writes such
// bytes as visible escapes (`\u001b`), whatever prints them (printf, iostreams) and wherever the
// text goes (a terminal, a pipe, a log read later with `cat`).

#include <cstddef>
#include <string>
#include <string_view>

namespace vedette::app {

// Replaces stdout and stderr (and std::cout, std::cerr) with the filtered streams. Call once at
// the start of main(), before anything is printed.
void install_escaped_standard_streams();

// The filter itself: C0 control bytes other than newline, tab and carriage return, DEL, and the
// C1 controls (U+0080-U+009F, two bytes in UTF-8) become `\u00XX`; everything else is kept.
// `pending` carries a lead byte 0xC2 cut off at the end of one write into the next.
class ControlEscaper {
public:
    std::string operator()(std::string_view bytes);
    std::string finish();  // a lone lead byte left at the end

private:
    bool pending_c2_ = false;
};

// The same filter on one whole text.
std::string escape_controls(std::string_view text);

}  // namespace vedette::app
