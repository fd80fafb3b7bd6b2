#pragma once
// For tests of bad input: the message an InputError carries, and a check that it says something.

#include <functional>
#include <string>

#include <gtest/gtest.h>

#include "sim/core/input_error.h"

namespace vedette::sim::test {

// The message of the InputError `f` throws, or "no error".
inline std::string input_error(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace vedette::sim::test

#define EXPECT_ERROR_HAS(message, fragment) \
    EXPECT_NE((message).find(fragment), std::string::npos) << "message: " << (message)
