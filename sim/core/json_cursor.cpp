#include "sim/core/json_cursor.h"

#include "sim/core/utf8.h"

namespace vedette::sim {

std::string_view JsonCursor::raw_string() {
    expect('"');
    const std::size_t start = i_;
    while (i_ < s_.size() && s_[i_] != '"') {
        if (s_[i_] == '\\') fail("escape in a key");
        ++i_;
    }
    if (i_ >= s_.size()) fail("unterminated string");
    return s_.substr(start, i_++ - start);
}

std::string JsonCursor::string() {
    expect('"');
    std::string out;
    while (i_ < s_.size() && s_[i_] != '"') {
        // Copy the run up to the next quote or backslash in one go.
        std::size_t run = i_;
        while (run < s_.size() && s_[run] != '"' && s_[run] != '\\') ++run;
        out.append(s_.data() + i_, run - i_);
        i_ = run;
        if (i_ >= s_.size() || s_[i_] == '"') break;
        ++i_;  // the backslash
        if (i_ >= s_.size()) fail("unterminated escape");
        const char e = s_[i_++];
        if (const int c = simple_escape(e); c >= 0) {
            out.push_back(static_cast<char>(c));
            continue;
        }
        switch (e) {
            case 'u': {
                if (i_ + 4 > s_.size()) fail("short \\u escape");
                unsigned cp = 0;
                for (int k = 0; k < 4; ++k) {
                    const int v = hex_digit_value(s_[i_++]);
                    if (v < 0) fail("bad \\u escape");
                    cp = (cp << 4) | unsigned(v);
                }
                if (cp >= 0xD800 && cp <= 0xDFFF) fail("surrogate escape");  // never written by us
                append_utf8(out, cp);
                break;
            }
            default:
                fail("bad escape");
        }
    }
    if (i_ >= s_.size()) fail("unterminated string");
    ++i_;
    return out;
}

std::int64_t JsonCursor::integer() {
    skip_ws();
    bool negative = false;
    if (i_ < s_.size() && s_[i_] == '-') {
        negative = true;
        ++i_;
    }
    if (i_ >= s_.size() || s_[i_] < '0' || s_[i_] > '9') fail("expected an integer");
    std::uint64_t v = 0;
    while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9') {
        if (v > (UINT64_MAX - 9) / 10) fail("integer too large");
        v = v * 10 + std::uint64_t(s_[i_++] - '0');
    }
    if (i_ < s_.size() && (s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E'))
        fail("expected an integer");
    if (v > std::uint64_t(INT64_MAX)) fail("integer too large");
    return negative ? -static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
}

bool JsonCursor::boolean() {
    skip_ws();
    if (s_.substr(i_, 4) == "true") {
        i_ += 4;
        return true;
    }
    if (s_.substr(i_, 5) == "false") {
        i_ += 5;
        return false;
    }
    fail("expected true or false");
}

std::string_view JsonCursor::skip_value() {
    skip_ws();
    const std::size_t start = i_;
    if (i_ >= s_.size()) fail("expected a value");
    auto skip_string = [&] {
        ++i_;
        while (i_ < s_.size() && s_[i_] != '"') i_ += s_[i_] == '\\' ? 2 : 1;
        if (i_ >= s_.size()) fail("unterminated string");
        ++i_;
    };
    const char c0 = s_[i_];
    if (c0 == '"') {
        skip_string();
    } else if (c0 == '{' || c0 == '[') {
        int depth = 0;
        do {
            if (i_ >= s_.size()) fail("unterminated value");
            const char c = s_[i_];
            if (c == '"') {
                skip_string();
                continue;
            }
            if (c == '{' || c == '[') ++depth;
            if (c == '}' || c == ']') --depth;
            ++i_;
        } while (depth > 0);
    } else {
        while (i_ < s_.size() && s_[i_] != ',' && s_[i_] != '}' && s_[i_] != ']' && s_[i_] != ' ' &&
               s_[i_] != '\n' && s_[i_] != '\r' && s_[i_] != '\t')
            ++i_;
        if (i_ == start) fail("expected a value");
    }
    return s_.substr(start, i_ - start);
}

}  // namespace vedette::sim
