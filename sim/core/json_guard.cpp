#include "sim/core/json_guard.h"

#include <cstring>
#include <deque>
#include <unordered_set>
#include <vector>

#include "sim/core/input_error.h"
#include "sim/core/limits.h"
#include "sim/core/utf8.h"

namespace vedette::sim {

namespace {

// What the guard refuses: where (a byte offset), the JSON path there and what was expected.
struct Refusal {
    std::size_t offset = 0;
    std::string path;
    std::string what;
};

// One open object or array. Keys are kept as views into the text unless a key has an escape
// (then decoded into `decoded_`), so that "a" and "\u0061" are still found to be the same key
// while the common case allocates nothing. Frames are reused as the depth goes up and down.
struct Frame {
    bool object = false;
    std::size_t index = 0;                     // arrays: the item being read
    std::string_view current;                  // objects: the key being read (raw)
    std::vector<std::string_view> keys;        // decoded keys seen so far in this object
    std::unordered_set<std::string_view> big;  // the same, once an object has many keys
};

// Decodes the body of a JSON string (between the quotes). Malformed escapes decode to something;
// the parser reports them later.
std::string decode_key(std::string_view raw) {
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '\\' || i + 1 >= raw.size()) {
            out.push_back(raw[i]);
            continue;
        }
        const char e = raw[++i];
        if (const int c = simple_escape(e); c >= 0) {
            out.push_back(static_cast<char>(c));
            continue;
        }
        switch (e) {
            case 'u': {
                unsigned cp = 0;
                std::size_t k = 0;
                for (; k < 4 && i + 1 + k < raw.size() && hex_digit_value(raw[i + 1 + k]) >= 0; ++k)
                    cp = cp * 16 + unsigned(hex_digit_value(raw[i + 1 + k]));
                i += k;
                // A surrogate pair written as two escapes is one code point.
                if (cp >= 0xD800 && cp < 0xDC00 && i + 6 < raw.size() && raw[i + 1] == '\\' &&
                    raw[i + 2] == 'u') {
                    unsigned lo = 0;
                    std::size_t m = 0;
                    for (; m < 4 && i + 3 + m < raw.size() && hex_digit_value(raw[i + 3 + m]) >= 0;
                         ++m)
                        lo = lo * 16 + unsigned(hex_digit_value(raw[i + 3 + m]));
                    if (m == 4 && lo >= 0xDC00 && lo <= 0xDFFF) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                        i += 6;
                    }
                }
                append_utf8(out, cp);
                break;
            }
            default:
                out.push_back(e);  // not an escape JSON has: the parser rejects it
        }
    }
    return out;
}

std::string path_of(const std::vector<Frame>& frames, std::size_t depth) {
    std::string path = "$";
    for (std::size_t d = 0; d < depth; ++d) {
        const Frame& f = frames[d];
        if (f.object) {
            if (!f.current.empty()) path += "." + decode_key(f.current);
        } else {
            path += "[" + std::to_string(f.index) + "]";
        }
    }
    return path;
}

class Guard {
public:
    explicit Guard(std::string_view text) : s_(text) {}

    void run() {
        if (const void* nul = std::memchr(s_.data(), '\0', s_.size())) {
            const auto at = static_cast<std::size_t>(static_cast<const char*>(nul) - s_.data());
            throw Refusal{
                at, "", "a NUL byte in the text (JSON files are text; the rest would be ignored)"};
        }
        bool expect_key = false;  // inside an object, before a member's key
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (c == '"') {
                const std::size_t start = i_ + 1;
                if (!skip_string()) return;  // unterminated: the parser says so
                const std::string_view body = s_.substr(start, i_ - 1 - start);
                if (expect_key && depth_ > 0 && frames_[depth_ - 1].object) {
                    add_key(body, start - 1);
                    expect_key = false;
                }
                continue;
            }
            if (c == '{' || c == '[') {
                if (static_cast<int>(depth_) >= limits::kMaxJsonDepth)
                    throw Refusal{i_, path_of(frames_, depth_),
                                  "nesting deeper than " + std::to_string(limits::kMaxJsonDepth) +
                                      " levels (docs/LIMITS.md)"};
                push(c == '{');
                expect_key = (c == '{');
            } else if (c == '}' || c == ']') {
                if (depth_ > 0) --depth_;
                expect_key = false;
            } else if (c == ',') {
                if (depth_ > 0) {
                    if (frames_[depth_ - 1].object)
                        expect_key = true;
                    else
                        ++frames_[depth_ - 1].index;
                }
            }
            ++i_;
        }
    }

private:
    // Moves past a string that starts at i_; false if it never ends.
    bool skip_string() {
        ++i_;
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (c == '\\') {
                i_ += 2;
                continue;
            }
            ++i_;
            if (c == '"') return true;
        }
        return false;
    }

    void push(bool object) {
        if (depth_ == frames_.size()) frames_.emplace_back();
        Frame& f = frames_[depth_++];
        f.object = object;
        f.index = 0;
        f.current = {};
        f.keys.clear();
        f.big.clear();
    }

    void add_key(std::string_view raw, std::size_t at) {
        Frame& f = frames_[depth_ - 1];
        f.current = raw;
        std::string_view key = raw;
        if (raw.find('\\') != std::string_view::npos) key = decoded_.emplace_back(decode_key(raw));
        bool seen = false;
        if (!f.big.empty()) {
            seen = !f.big.insert(key).second;
        } else {
            for (const auto& k : f.keys) seen = seen || k == key;
            if (!seen) {
                f.keys.push_back(key);
                if (f.keys.size() > 16) {  // many keys: switch to a hash set
                    f.big.insert(f.keys.begin(), f.keys.end());
                    f.keys.clear();
                }
            }
        }
        if (seen)
            throw Refusal{at, path_of(frames_, depth_),
                          "the key \"" + decode_key(raw) +
                              "\" appears twice in this object (which one would count is "
                              "ambiguous)"};
    }

    std::string_view s_;
    std::size_t i_ = 0;
    std::vector<Frame> frames_;  // frames_[0 .. depth_) are open
    std::size_t depth_ = 0;
    std::deque<std::string> decoded_;  // keys with escapes, decoded (stable addresses)
};

}  // namespace

std::string line_and_column(std::string_view text, std::size_t offset) {
    std::size_t line = 1, col = 1;
    const std::size_t end = std::min(offset, text.size());
    for (std::size_t i = 0; i < end; ++i) {
        if (text[i] == '\n') {
            ++line;
            col = 1;
        } else {
            ++col;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(col);
}

void check_json_text(std::string_view text, const std::string& file) {
    try {
        Guard(text).run();
    } catch (const Refusal& r) {
        throw InputError(file,
                         line_and_column(text, r.offset) +
                             (r.path.empty() ? std::string() : " (" + r.path + ")"),
                         r.what);
    }
}

std::optional<JsonTextProblem> json_text_problem(std::string_view text) {
    try {
        Guard(text).run();
    } catch (const Refusal& r) {
        return JsonTextProblem{r.offset, r.path, r.what};
    }
    return std::nullopt;
}

}  // namespace vedette::sim
