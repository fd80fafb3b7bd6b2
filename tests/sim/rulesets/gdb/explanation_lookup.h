#pragma once
// Reading a typed explanation (sim/record/explanation.h) in a test: a section by its kind and a
// fragment of its title, a line by its key, a modifier row by its label. Each returns what a
// panel would show, so a test states a fact the way a reader finds it.

#include <string>

#include "sim/record/explanation.h"

namespace vedette::sim::explained {

// The first section of `kind` whose title contains `title`; null if there is none.
inline const record::Section* section_of(const record::Explanation& e, record::SectionKind kind,
                                         const std::string& title = "") {
    for (const auto& s : e.sections)
        if (s.kind == kind && s.title.find(title) != std::string::npos) return &s;
    return nullptr;
}

// The value of the line `key` ("<no line KEY>" when the section has none, which no test expects).
inline std::string line_of(const record::Section& s, const std::string& key) {
    for (const auto& l : s.lines)
        if (l.key == key) return l.value;
    return "<no line " + key + ">";
}

// The row of a modifier table labelled `label`; null if the table has none.
inline const record::ModifierRow* row_labelled(const record::Section& s, const std::string& label) {
    for (const auto& r : s.rows)
        if (r.label == label) return &r;
    return nullptr;
}

}  // namespace vedette::sim::explained
