#include <gtest/gtest.h>

#include "sim/core/json_reader.h"

namespace vedette::sim {
namespace {

std::string error_of(const std::function<void()>& f) {
    try {
        f();
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

TEST(JsonReader, ReportsPathOfWrongType) {
    const Json j = Json::parse(R"({"attacker": [{"figures": "twelve"}]})");
    JsonNode root(j, "m.json", "$");
    const auto msg =
        error_of([&] { root.required("attacker").items()[0].required("figures").as_int(); });
    EXPECT_EQ(msg, "m.json: $.attacker[0].figures: expected an integer, found a string");
}

TEST(JsonReader, ReportsMissingFieldAndRange) {
    const Json j = Json::parse(R"({"a": 7})");
    JsonNode root(j, "f.json", "$");
    EXPECT_EQ(error_of([&] { root.required("b"); }), "f.json: $: missing required field \"b\"");
    EXPECT_EQ(error_of([&] { root.required("a").as_int(1, 6); }),
              "f.json: $.a: expected an integer from 1 to 6, found 7");
}

TEST(JsonReader, ReportsUnknownChoiceAndUnknownKey) {
    const Json j = Json::parse(R"({"type": "zouaves", "typo": 1})");
    JsonNode root(j, "f.json", "$");
    EXPECT_NE(error_of([&] {
                  root.required("type").as_choice({"infantry", "lancers"});
              }).find("$.type: unknown value \"zouaves\" (expected infantry|lancers)"),
              std::string::npos);
    EXPECT_NE(error_of([&] { root.expect_only_keys({"type"}); }).find("$.typo: unknown field"),
              std::string::npos);
}

TEST(JsonReader, SyntaxErrorNamesLineAndColumn) {
    const auto msg = error_of([] { parse_json_text("{\n  \"a\": 1,\n  \"b\": ]\n}", "x.json"); });
    EXPECT_NE(msg.find("x.json: line 3, column"), std::string::npos) << msg;
}

TEST(JsonReader, MissingFileIsAnInputError) {
    const auto msg = error_of([] { read_json_file("/no/such/file.json"); });
    EXPECT_NE(msg.find("/no/such/file.json"), std::string::npos);
}

}  // namespace
}  // namespace vedette::sim
