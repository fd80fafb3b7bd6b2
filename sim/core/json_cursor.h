#pragma once
// A small pull parser over JSON text, for reading large files (replays) quickly without building a
// document. It throws std::invalid_argument on anything unexpected; callers then re-read the input
// with the document-based reader (json_reader.h), whose errors name the line or JSON path.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace vedette::sim {

class JsonCursor {
public:
    explicit JsonCursor(std::string_view text) : s_(text) {}

    void skip_ws() {
        while (i_ < s_.size() &&
               (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\r' || s_[i_] == '\t'))
            ++i_;
    }
    bool peek(char c) {
        skip_ws();
        return i_ < s_.size() && s_[i_] == c;
    }
    bool consume(char c) {
        if (!peek(c)) return false;
        ++i_;
        return true;
    }
    void expect(char c) {
        if (!consume(c)) fail("unexpected character");
    }
    // Objects and arrays: begin, then `next` before each member; false at the end.
    void begin_object() {
        expect('{');
        first_ = true;
    }
    void begin_array() {
        expect('[');
        first_ = true;
    }
    bool next(char close) {
        if (consume(close)) return false;
        if (!first_) expect(',');
        first_ = false;
        return true;
    }
    // After next('}'): the member's key (no escapes in our keys), and the ':'.
    std::string_view key() {
        const std::string_view k = raw_string();
        expect(':');
        return k;
    }
    std::string string();
    // A string without escapes, as a view into the text (ids, keys); fails on an escape.
    std::string_view plain_string() { return raw_string(); }
    std::int64_t integer();
    // An integer that fits an int (fails otherwise, instead of truncating).
    int int32() {
        const std::int64_t v = integer();
        if (v < INT32_MIN || v > INT32_MAX) fail("integer out of range");
        return static_cast<int>(v);
    }
    bool boolean();
    // Skips any value; returns its text.
    std::string_view skip_value();
    bool at_end() {
        skip_ws();
        return i_ >= s_.size();
    }
    [[noreturn]] void fail(const char* what) const {
        throw std::invalid_argument(std::string(what) + " at byte " + std::to_string(i_));
    }
    // Nested readers reset the member flag; callers keep their own when recursing.
    bool first() const { return first_; }
    void set_first(bool f) { first_ = f; }

private:
    std::string_view raw_string();
    std::string_view s_;
    std::size_t i_ = 0;
    bool first_ = true;
};

}  // namespace vedette::sim
